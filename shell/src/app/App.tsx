import { AppThemeProvider } from '@memories/web-ui';
import { SessionProvider, sessionStore } from '@memories/web-session';
import { installRoutePrefetch, RehearsalStage } from '@memories/web-mf-runtime';
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router';
import { createAppRoutes, preloadMatchedPages, rehearseMatchedPages } from './app-routes';
import { loginNavigation } from './login-navigation';
import { remotePages } from './remote-pages';
import { AppUpdateNotice } from '../pwa/AppUpdateNotice';
import { startAppUpdates } from '../pwa/app-updates';

const router = createBrowserRouter(createAppRoutes(remotePages));
preloadMatchedPages(router.state.matches);

sessionStore.setLoginNavigation(loginNavigation(router));
// A page's code starts loading when a link to it shows or is pointed at, so its click rarely waits for a remote; the
// editor then also rehearses its first render while the browser is idle.
installRoutePrefetch({ prefetch: (path) => rehearseMatchedPages(matchRoutes(router.routes, path) ?? []) });

// Development servers reload on every change: no service worker there (docs/decisions.md, "Offline app").
const appUpdates = process.env.NODE_ENV === 'production' && 'serviceWorker' in navigator ? startAppUpdates() : null;
// Offline, the worker answers an image from the kept copy of the user this page has signed in, and of no one else.
if (appUpdates) answerKeptFilesOwnerOnceSignedIn();
lockJournalsOnceSignedIn();

/** Only a signed-in page has kept images to show, so a visitor's page never loads the offline code to say so. */
function answerKeptFilesOwnerOnceSignedIn(): void {
  const stop = sessionStore.subscribe(() => {
    if (!sessionStore.getState().user) return;
    stop();
    void import('@memories/web-offline').then(({ answerKeptFilesOwner }) =>
      answerKeptFilesOwner(() => sessionStore.getState().user?.id ?? null),
    );
  });
}

/**
 * Unlocked journals lock again after the idle time the person chose and when they sign out. Only a signed-in page can
 * unlock one, so a visitor's page never loads the journals' code.
 */
function lockJournalsOnceSignedIn(): void {
  const stop = sessionStore.subscribe(() => {
    if (!sessionStore.getState().user) return;
    stop();
    void import('@memories/web-journals').then(({ startJournalLocking }) =>
      startJournalLocking(sessionStore, document),
    );
  });
}

export function App() {
  return (
    <AppThemeProvider>
      <SessionProvider>
        <RouterProvider router={router} />
        <RehearsalStage />
        {appUpdates && <AppUpdateNotice updates={appUpdates} />}
      </SessionProvider>
    </AppThemeProvider>
  );
}
