import { AppThemeProvider } from '@memories/web-ui';
import { SessionProvider, sessionStore } from '@memories/web-session';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { createAppRoutes, preloadMatchedPages } from './app-routes';
import { loginNavigation } from './login-navigation';
import { remotePages } from './remote-pages';

const router = createBrowserRouter(createAppRoutes(remotePages));
preloadMatchedPages(router.state.matches);

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
