import { memoriesApi, promptsApi } from '@memories/web-api-client';
import { render, screen, waitFor } from '@testing-library/react';
import { EditorPageRehearsal } from './EditorPageRehearsal';

// Tiptap needs a real layout engine; the browser suites run the real editor (e2e/tests/editor*.spec.ts).
jest.mock('../../rich-text', () => jest.requireActual('../testing/FakeRichTextEditor'));

jest.mock('@memories/web-api-client', () => jest.requireActual('../testing/mocked-api-client').mockedApiClient());

describe('EditorPageRehearsal', () => {
  it('opens the real editor page on a memory that exists nowhere, asks the server nothing, and says when it is done', async () => {
    const onDone = jest.fn();
    render(<EditorPageRehearsal onDone={onDone} />);

    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(screen.getByRole('heading', { name: 'Edit Memory' })).toBeInTheDocument();
    expect(screen.getByLabelText('Memory Title *')).toHaveValue('A day at the lake');
    expect(screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Content' }).value).toContain(
      'We swam before breakfast.',
    );
    for (const call of [
      memoriesApi.get,
      memoriesApi.tags,
      memoriesApi.create,
      memoriesApi.update,
      memoriesApi.cleanupImages,
      promptsApi.personalTemplate,
    ])
      expect(call).not.toHaveBeenCalled();
  });
});
