import { act, screen } from '@testing-library/react';
import { sessionStoreAfterRefresh } from '../testing/session-stores';
import { renderRoutes } from '../testing/render-routes';
import { RequireAuth } from './RequireAuth';

const routes = [
  { path: '/', element: <h1>Home</h1> },
  { path: '/login', element: <h1>Log In</h1> },
  { element: <RequireAuth />, children: [{ path: '/dashboard', element: <h1>My Memories</h1> }] },
];

describe('RequireAuth', () => {
  it('shows a "Loading..." spinner while the session is starting', () => {
    renderRoutes(routes, sessionStoreAfterRefresh('pending'), ['/dashboard']);

    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(screen.queryByRole('heading', { name: 'My Memories' })).not.toBeInTheDocument();
  });

  it('redirects a signed-out visitor to /login, replacing the history entry', async () => {
    const router = renderRoutes(routes, sessionStoreAfterRefresh('signed-out'), ['/', '/dashboard']);

    expect(await screen.findByRole('heading', { name: 'Log In' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.historyAction).toBe('REPLACE');

    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe('/');
  });

  it('renders the signed-in page for an authenticated user', async () => {
    renderRoutes(routes, sessionStoreAfterRefresh('signed-in'), ['/dashboard']);

    expect(await screen.findByRole('heading', { name: 'My Memories' })).toBeInTheDocument();
  });
});
