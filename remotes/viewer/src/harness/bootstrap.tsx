import { startRemoteHarness } from '@memories/web-mf-runtime';
import { Navigate } from 'react-router';
import { ViewerPage } from '../viewer-page/ViewerPage';

startRemoteHarness({
  remote: 'viewer',
  routes: [
    { path: '/', element: <Navigate to="/memory/1" replace /> },
    { path: '/memory/:id', element: <ViewerPage /> },
  ],
  links: [{ label: 'Memory 1', to: '/memory/1' }],
});
