import { LoadingIndicator } from '@memories/web-ui';
import type { ComponentType } from 'react';
import { Navigate, Outlet, ScrollRestoration, type RouteObject } from 'react-router';
import { AppErrorScreen } from '../errors/AppErrorScreen';
import { FocusOnNavigation } from '../layouts/FocusOnNavigation';
import { RequireAuth } from '../guards/RequireAuth';

/**
 * A page of the route table. Remote pages can start loading their code before they first render, and rehearse their
 * first render out of sight.
 */
export type AppPage = ComponentType & { preload?: () => void; rehearse?: () => void };

/** The federated pages the routes render; the app passes the remotes, tests pass local components. */
export interface AppPages {
  LandingPage: AppPage;
  DashboardPage: AppPage;
  ProfilePage: AppPage;
  EditorPage: AppPage;
  TemplateEditorPage: AppPage;
  ViewerPage: AppPage;
  TimelinePage: AppPage;
  SettingsPage: AppPage;
}

/** What a page's route carries besides its element. */
export interface AppRouteHandle {
  preload?: () => void;
  rehearse?: () => void;
}

function pageRoute(Page: AppPage): Pick<RouteObject, 'element' | 'handle'> {
  const handle: AppRouteHandle = { preload: Page.preload, rehearse: Page.rehearse };
  return { element: <Page />, handle };
}

/**
 * Starts loading the code of the pages the matched routes render. The app calls it with the first URL's matches as
 * it starts, so a remote page loads while the session is being restored instead of after it (on a cold open of a
 * memory in the editor, ~0.3 s sooner; docs/performance.md).
 */
export function preloadMatchedPages(matches: ReadonlyArray<{ route: { handle?: unknown } }>): void {
  for (const { route } of matches) (route.handle as AppRouteHandle | undefined)?.preload?.();
}

/**
 * Loads the code of the pages the matched routes render and rehearses their first render (the pages that have one:
 * the editor), so that opening one shortly after costs about what a second visit does (docs/performance.md).
 */
export function rehearseMatchedPages(matches: ReadonlyArray<{ route: { handle?: unknown } }>): void {
  for (const { route } of matches) {
    const handle = route.handle as AppRouteHandle | undefined;
    if (handle?.rehearse) handle.rehearse();
    else handle?.preload?.();
  }
}

/** The spec's route table (section 2), the timeline and the settings. */
export function createAppRoutes({
  LandingPage,
  DashboardPage,
  ProfilePage,
  EditorPage,
  TemplateEditorPage,
  ViewerPage,
  TimelinePage,
  SettingsPage,
}: AppPages): RouteObject[] {
  return [
    {
      element: (
        <>
          <ScrollRestoration />
          <FocusOnNavigation />
          <Outlet />
        </>
      ),
      errorElement: <AppErrorScreen />,
      // Shown while a lazy route (login, register) loads on a first visit.
      hydrateFallbackElement: <LoadingIndicator />,
      children: [
        {
          // Members never see this layout (section links, Contact, Get Started), so the signed-in pages do not load
          // it. On a visitor's first load the router fetches it beside the page's own code, not before it.
          lazy: async () => ({ Component: (await import('../layouts/PublicLayout')).PublicLayout }),
          children: [
            { index: true, ...pageRoute(LandingPage) },
            // The forms (MUI inputs) load only when visited, keeping them out of the landing page's first load.
            { path: 'login', lazy: async () => ({ Component: (await import('../pages/LoginPage')).LoginPage }) },
            {
              path: 'register',
              lazy: async () => ({ Component: (await import('../pages/RegisterPage')).RegisterPage }),
            },
            {
              path: 'forgot-password',
              lazy: async () => ({ Component: (await import('../pages/ForgotPasswordPage')).ForgotPasswordPage }),
            },
            {
              path: 'reset-password',
              lazy: async () => ({ Component: (await import('../pages/ResetPasswordPage')).ResetPasswordPage }),
            },
            {
              path: 'verify-email',
              lazy: async () => ({ Component: (await import('../pages/VerifyEmailPage')).VerifyEmailPage }),
            },
            {
              path: 'reminders/unsubscribe',
              lazy: async () => ({
                Component: (await import('../pages/UnsubscribeRemindersPage')).UnsubscribeRemindersPage,
              }),
            },
          ],
        },
        {
          element: <RequireAuth />,
          children: [
            {
              // Visitors never see this layout (avatar, tab bar), so it stays out of the public pages' first load.
              lazy: async () => ({ Component: (await import('../layouts/SignedInLayout')).SignedInLayout }),
              children: [
                { path: 'dashboard', ...pageRoute(DashboardPage) },
                { path: 'profile', ...pageRoute(ProfilePage) },
                { path: 'memory/create', ...pageRoute(EditorPage) },
                { path: 'memory/edit/:id', ...pageRoute(EditorPage) },
                { path: 'memory/template', ...pageRoute(TemplateEditorPage) },
                { path: 'memory/:id', ...pageRoute(ViewerPage) },
                { path: 'timeline', ...pageRoute(TimelinePage) },
                // The settings remote routes its own sections below /settings.
                { path: 'settings/*', ...pageRoute(SettingsPage) },
              ],
            },
          ],
        },
        { path: 'create-memory', element: <Navigate to="/memory/create" replace /> },
      ],
    },
  ];
}
