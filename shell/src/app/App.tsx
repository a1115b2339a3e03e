import { AppThemeProvider } from '@memories/web-ui';
import { SessionProvider, sessionStore } from '@memories/web-session';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { createAppRoutes } from './app-routes';
import { loginNavigation } from './login-navigation';
import { remotePages } from './remote-pages';

const router = createBrowserRouter(createAppRoutes(remotePages));

sessionStore.setLoginNavigation(loginNavigation(router));

export function App() {
  return (
    <AppThemeProvider>
      <SessionProvider>
        <RouterProvider router={router} />
      </SessionProvider>
    </AppThemeProvider>
  );
}
