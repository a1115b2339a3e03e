import { startRemoteHarness } from '@memories/web-mf-runtime';
import { Navigate } from 'react-router';
import { DashboardPage } from '../dashboard-page/DashboardPage';
import { ProfilePage } from '../profile-page/ProfilePage';
import { TimelinePage } from '../timeline-page/TimelinePage';

startRemoteHarness({
  remote: 'memories',
  routes: [
    { path: '/', element: <Navigate to="/dashboard" replace /> },
    { path: '/dashboard', element: <DashboardPage /> },
    { path: '/profile', element: <ProfilePage /> },
    { path: '/timeline', element: <TimelinePage /> },
  ],
  links: [
    { label: 'Dashboard', to: '/dashboard' },
    { label: 'Profile', to: '/profile' },
    { label: 'Timeline', to: '/timeline' },
  ],
});
