import { promptsApi } from '@memories/web-api-client';
import { configure, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { TemplateEditorPage } from './TemplateEditorPage';

// Tiptap needs a real layout engine: the page is tested against the editor's stand-in (the real one in e2e).
jest.mock('../rich-text', () => jest.requireActual('../editor-page/testing/FakeRichTextEditor'));

jest.mock('@memories/web-api-client', () => ({
  ...jest.requireActual('@memories/web-api-client'),
  promptsApi: { personalTemplate: jest.fn(), savePersonalTemplate: jest.fn() },
}));

const api = promptsApi as jest.Mocked<typeof promptsApi>;
// A waiting budget, not a speed check: MUI's first render is slow on a busy machine.
configure({ asyncUtilTimeout: 5_000 });

const template = JSON.stringify({
  type: 'doc',
  content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Three good things:' }] }],
});

const renderPage = () =>
  render(
    <RouterProvider
      router={createMemoryRouter([{ path: '/memory/template', element: <TemplateEditorPage /> }], {
        initialEntries: ['/memory/template'],
      })}
    />,
  );

beforeEach(() => jest.clearAllMocks());

describe('TemplateEditorPage', () => {
  it('opens the saved template and saves what the editor holds, with the server’s message', async () => {
    const user = userEvent.setup();
    api.personalTemplate.mockResolvedValue({ contentJson: template, updatedAt: '2026-11-01T08:00:00.000Z' });
    api.savePersonalTemplate.mockResolvedValue({
      data: { contentJson: template, updatedAt: '2026-11-28T08:00:00.000Z' },
      message: 'Template saved. New memories start with it.',
    });
    renderPage();

    const editor = await screen.findByRole('textbox', { name: 'Template' });
    expect(editor).toHaveValue('Three good things:');
    await user.type(editor, '\nOne more.');
    await user.click(screen.getByRole('button', { name: 'Save template' }));

    expect(await screen.findByText('Template saved. New memories start with it.')).toBeInTheDocument();
    expect(api.savePersonalTemplate).toHaveBeenCalledWith({
      contentJson: {
        type: 'doc',
        content: [
          { type: 'paragraph', content: [{ type: 'text', text: 'Three good things:' }] },
          { type: 'paragraph', content: [{ type: 'text', text: 'One more.' }] },
        ],
      },
    });
  });

  it('says why the template could not be read, and tries again', async () => {
    const user = userEvent.setup();
    api.personalTemplate.mockRejectedValueOnce(new Error('Could not change your template'));
    api.personalTemplate.mockResolvedValueOnce({ contentJson: '', updatedAt: null });
    renderPage();

    expect(await screen.findByText('Could not change your template')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('textbox', { name: 'Template' })).toHaveValue('');
  });

  it('shows a refused save (a template with an image) and keeps the text', async () => {
    const user = userEvent.setup();
    api.personalTemplate.mockResolvedValue({ contentJson: template, updatedAt: null });
    api.savePersonalTemplate.mockRejectedValue(
      new Error('A template cannot hold images: add them to each memory instead.'),
    );
    renderPage();

    await user.click(await screen.findByRole('button', { name: 'Save template' }));

    expect(
      await screen.findByText('A template cannot hold images: add them to each memory instead.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Template' })).toHaveValue('Three good things:');
  });
});
