import { LoadingIndicator } from '@memories/web-ui';
import type { ComponentType } from 'react';
import { Navigate, Outlet, ScrollRestoration, type RouteObject } from 'react-router';
import { AppErrorScreen } from '../errors/AppErrorScreen';
import { FocusOnNavigation } from '../layouts/FocusOnNavigation';
import { RequireAuth } from '../guards/RequireAuth';
import { PublicLayout } from '../layouts/PublicLayout';

/** The federated pages the routes render; the app passes the remotes, tests pass local components. */
export interface AppPages {
  LandingPage: ComponentType;
  DashboardPage: ComponentType;
  ProfilePage: ComponentType;
  EditorPage: ComponentType;
  ViewerPage: ComponentType;
}

/** The spec's route table (section 2). */
export function createAppRoutes({ LandingPage, DashboardPage, ProfilePage, EditorPage, ViewerPage }: AppPages): RouteObject[] {
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
          element: <PublicLayout />,
          children: [
            { index: true, element: <LandingPage /> },
            // The forms (MUI inputs) load only when visited, keeping them out of the landing page's first load.
            { path: 'login', lazy: async () => ({ Component: (await import('../pages/LoginPage')).LoginPage }) },
            { path: 'register', lazy: async () => ({ Component: (await import('../pages/RegisterPage')).RegisterPage }) },
          ],
        },
        {
          element: <RequireAuth />,
          children: [
            {
              // Visitors never see this layout (avatar, tab bar), so it stays out of the public pages' first load.
              lazy: async () => ({ Component: (await import('../layouts/SignedInLayout')).SignedInLayout }),
              children: [
                { path: 'dashboard', element: <DashboardPage /> },
                { path: 'profile', element: <ProfilePage /> },
                { path: 'memory/create', element: <EditorPage /> },
                { path: 'memory/edit/:id', element: <EditorPage /> },
                { path: 'memory/:id', element: <ViewerPage /> },
              ],
            },
          ],
        },
        { path: 'create-memory', element: <Navigate to="/memory/create" replace /> },
      ],
    },
  ];
}
