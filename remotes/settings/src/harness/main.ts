// The async boundary lets Module Federation agree on the shared singletons before the harness renders.
void import('./bootstrap');
