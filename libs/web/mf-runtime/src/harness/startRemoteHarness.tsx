import { SessionProvider } from '@memories/web-session';
import { AppThemeProvider } from '@memories/web-ui';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router';
import { RemoteHarnessFrame, type HarnessLink } from './RemoteHarnessFrame';

export interface RemoteHarnessOptions {
  remote: string;
  /** The remote's pages at the paths the shell gives them. */
  routes: RouteObject[];
  links: HarnessLink[];
}

/**
 * Renders a remote's exposed pages on its own dev server with what the shell would give them: theme, the session
 * (initialised against /api, which the dev server proxies to the gateway) and a data router.
 */
export function startRemoteHarness({ remote, routes, links }: RemoteHarnessOptions): void {
  const container = document.getElementById('root');
  if (!container) throw new Error('The harness page has no #root element.');
  const router = createBrowserRouter([
    { element: <RemoteHarnessFrame remote={remote} links={links} />, children: routes },
  ]);
  createRoot(container).render(
    <StrictMode>
      <AppThemeProvider>
        <SessionProvider>
          <RouterProvider router={router} />
        </SessionProvider>
      </AppThemeProvider>
    </StrictMode>,
  );
}
