import type { createBrowserRouter } from 'react-router';

type AppRouter = Pick<ReturnType<typeof createBrowserRouter>, 'state' | 'navigate'>;

/**
 * Where a 401 sends the user (spec section 4): /login through the app's router, no page reload; nothing if already
 * there.
 */
export function loginNavigation(router: AppRouter): () => void {
  return () => {
    if (router.state.location.pathname !== '/login') void router.navigate('/login');
  };
}
