import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { EditorPage } from './EditorPage';

const renderAt = (path: string) =>
  render(
    <RouterProvider
      router={createMemoryRouter(
        [
          { path: '/memory/create', element: <EditorPage /> },
          { path: '/memory/edit/:id', element: <EditorPage /> },
        ],
        { initialEntries: [path] },
      )}
    />,
  );

describe('EditorPage', () => {
  it('is "Create New Memory" on /memory/create', () => {
    renderAt('/memory/create');

    expect(screen.getByRole('heading', { level: 1, name: 'Create New Memory' })).toBeInTheDocument();
    expect(screen.getByTestId('remote-editor')).toBeInTheDocument();
  });

  it('is "Edit Memory" on /memory/edit/:id', () => {
    renderAt('/memory/edit/42');

    expect(screen.getByRole('heading', { level: 1, name: 'Edit Memory' })).toBeInTheDocument();
  });
});
