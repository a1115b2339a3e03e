import { startRemoteHarness } from '@memories/web-mf-runtime';
import { Navigate } from 'react-router';
import { EditorPage } from '../editor-page/EditorPage';
import { TemplateEditorPage } from '../template-page/TemplateEditorPage';

startRemoteHarness({
  remote: 'editor',
  routes: [
    { path: '/', element: <Navigate to="/memory/create" replace /> },
    { path: '/memory/create', element: <EditorPage /> },
    { path: '/memory/edit/:id', element: <EditorPage /> },
    { path: '/memory/template', element: <TemplateEditorPage /> },
  ],
  links: [
    { label: 'Create', to: '/memory/create' },
    { label: 'Edit', to: '/memory/edit/1' },
    { label: 'Template', to: '/memory/template' },
  ],
});
