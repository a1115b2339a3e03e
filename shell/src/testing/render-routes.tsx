import { SessionProvider, type SessionStore } from '@memories/web-session';
import { AppThemeProvider } from '@memories/web-ui';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type InitialEntry, type RouteObject } from 'react-router';

/** Renders routes the way the app does (theme, session, data router) at the given history entries. */
export function renderRoutes(routes: RouteObject[], store: SessionStore, initialEntries: InitialEntry[]) {
  const router = createMemoryRouter(routes, { initialEntries, initialIndex: initialEntries.length - 1 });
  render(
    <AppThemeProvider>
      <SessionProvider store={store}>
        <RouterProvider router={router} />
      </SessionProvider>
    </AppThemeProvider>,
  );
  return router;
}
