import { startRemoteHarness } from '@memories/web-mf-runtime';
import { Navigate } from 'react-router';
import { SettingsPage } from '../settings-page/SettingsPage';
import { SETTINGS_SECTIONS } from '../settings-page/settings-sections';

startRemoteHarness({
  remote: 'settings',
  routes: [
    { path: '/', element: <Navigate to="/settings" replace /> },
    { path: '/settings/*', element: <SettingsPage /> },
  ],
  links: SETTINGS_SECTIONS.map(({ label, path }) => ({ label, to: `/settings/${path}` })),
});
