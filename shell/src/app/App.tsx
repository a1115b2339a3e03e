import { AppThemeProvider } from '@memories/web-ui';
import { SessionProvider } from '@memories/web-session';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { createAppRoutes } from './app-routes';
import { remotePages } from './remote-pages';

const router = createBrowserRouter(createAppRoutes(remotePages));

export function App() {
  return (
    <AppThemeProvider>
      <SessionProvider>
        <RouterProvider router={router} />
      </SessionProvider>
    </AppThemeProvider>
  );
}
