// The async boundary lets Module Federation agree on the shared singletons (React, router, session) before any of them
// runs.
void import('./bootstrap');
