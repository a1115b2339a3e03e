import { startRemoteHarness } from '@memories/web-mf-runtime';
import { Navigate } from 'react-router';
import { EditorPage } from '../editor-page/EditorPage';

startRemoteHarness({
  remote: 'editor',
  routes: [
    { path: '/', element: <Navigate to="/memory/create" replace /> },
    { path: '/memory/create', element: <EditorPage /> },
    { path: '/memory/edit/:id', element: <EditorPage /> },
  ],
  links: [
    { label: 'Create', to: '/memory/create' },
    { label: 'Edit', to: '/memory/edit/1' },
  ],
});
