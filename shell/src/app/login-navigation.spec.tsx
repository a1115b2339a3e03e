import { act } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { loginNavigation } from './login-navigation';

const routes = ['/dashboard', '/login', '/profile'].map((path) => ({ path, element: <h1>{path}</h1> }));

describe('loginNavigation', () => {
  it('sends the user to /login through the router', async () => {
    const router = createMemoryRouter(routes, { initialEntries: ['/profile'] });

    await act(async () => loginNavigation(router)());

    expect(router.state.location.pathname).toBe('/login');
  });

  it('does nothing on /login itself, so a failed call there adds no history entry', async () => {
    const router = createMemoryRouter(routes, { initialEntries: ['/dashboard', '/login'] });
    const navigate = jest.spyOn(router, 'navigate');

    await act(async () => loginNavigation(router)());

    expect(navigate).not.toHaveBeenCalled();
  });
});
