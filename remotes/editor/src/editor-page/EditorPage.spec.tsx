import type { Memory } from '@memories/contracts';
import { ApiError, MEMORY_FALLBACK_MESSAGES, memoriesApi, promptsApi } from '@memories/web-api-client';
import { act, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';

import { EditorPage } from './EditorPage';
import { DRAFT_NOTICE_AUTO_HIDE_MS } from './components/SaveNotices';
import { AUTO_SAVE_STORAGE_KEY } from './hooks/useAutoSaveSetting';
import { AUTO_SAVE_DELAY_MS } from './saving/memory-save-session';
import { memoryWith, paragraphDocument } from './testing/memory.fixture';
import { draftMirror, draftMirrorKey, MIRROR_DELAY_MS } from './utils/draft-mirror.util';

// Tiptap needs a real layout engine; the page's behaviour is tested against a stand-in honouring the same contract
// (the real editor runs in the browser suites, e2e/tests/editor*.spec.ts).
jest.mock('../rich-text', () => jest.requireActual('./testing/FakeRichTextEditor'));

jest.mock('@memories/web-api-client', () => jest.requireActual('./testing/mocked-api-client').mockedApiClient());

const api = memoriesApi as jest.Mocked<typeof memoriesApi>;
const prompts = promptsApi as jest.Mocked<typeof promptsApi>;
const NO_TEMPLATE = { contentJson: '', updatedAt: null };

// The notice dialogs load lazily and full page flows type a lot: on a busy machine they need more than the defaults.
// These are waiting budgets, not speed checks.
configure({ asyncUtilTimeout: 5_000 });
jest.setTimeout(30_000);

function renderAt(path: string, state?: unknown) {
  const router = createMemoryRouter(
    [
      { path: '/memory/create', element: <EditorPage /> },
      { path: '/memory/edit/:id', element: <EditorPage /> },
      { path: '/memory/:id', element: <h1>Viewer</h1> },
      { path: '/dashboard', element: <h1>Dashboard</h1> },
    ],
    { initialEntries: [state === undefined ? path : { pathname: path, state }] },
  );
  const { unmount } = render(<RouterProvider router={router} />);
  return Object.assign(router, { unmount });
}

/** A new memory: its form shows once what it starts with (the template, a prompt) is read. */
async function renderNew(path = '/memory/create') {
  const router = renderAt(path);
  await screen.findByLabelText('Memory Title *');
  return router;
}

const titleField = () => screen.getByLabelText('Memory Title *');
/** What a form reads once it is drawn (the person's tags, an unsaved copy on this device), let arrive within act. */
const formSettled = () => act(() => new Promise((resolve) => setTimeout(resolve)));
const contentField = () => screen.getByRole('textbox', { name: 'Content' });

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  jest.clearAllMocks();
  api.tags.mockResolvedValue([]);
  api.cleanupImages.mockResolvedValue();
  prompts.personalTemplate.mockResolvedValue(NO_TEMPLATE);
  api.create.mockImplementation(async (input) => ({
    memory: memoryWith({ id: 'new-1', title: input.title, isDraft: input.isDraft ?? true }),
  }));
  api.update.mockImplementation(async (id, input) => ({
    memory: memoryWith({ id, title: input.title, isDraft: input.isDraft ?? true }),
  }));
});

afterEach(() => jest.useRealTimers());

describe('EditorPage: headings and loading', () => {
  it('is "Create New Memory" on /memory/create with today as the date', async () => {
    await renderNew();

    expect(screen.getByRole('heading', { level: 1, name: 'Create New Memory' })).toBeInTheDocument();
    expect(screen.getByLabelText('Date *')).toHaveValue(new Date().toLocaleDateString('sv'));
  });

  it('edits the memory handed over in navigation state without fetching it', async () => {
    renderAt('/memory/edit/m1', { memory: memoryWith() });

    expect(screen.getByRole('heading', { level: 1, name: 'Edit Memory' })).toBeInTheDocument();
    expect(titleField()).toHaveValue('Trip');
    expect(screen.getByLabelText('Date *')).toHaveValue('2026-05-01');
    expect(contentField()).toHaveValue('We went.');
    await formSettled();
    expect(api.get).not.toHaveBeenCalled();
  });

  it('fetches the memory when the handed-over one is another', async () => {
    api.get.mockResolvedValue(memoryWith({ id: 'm2', title: 'Fetched' }));
    renderAt('/memory/edit/m2', { memory: memoryWith() });

    expect(await screen.findByDisplayValue('Fetched')).toBeInTheDocument();
    expect(api.get).toHaveBeenCalledWith('m2', expect.anything());
  });

  it('shows the message of a failed fetch', async () => {
    api.get.mockRejectedValue(new ApiError({ kind: 'http', status: 404, message: 'Memory not found' }));
    renderAt('/memory/edit/gone');

    expect(await screen.findByText('Memory not found')).toBeInTheDocument();
  });
});

describe('EditorPage: saving', () => {
  it('shows the three validation messages under the fields and saves nothing', async () => {
    const user = userEvent.setup();
    await renderNew();

    await user.clear(screen.getByLabelText('Date *'));
    await user.click(screen.getByRole('button', { name: 'Save Draft' }));

    expect(screen.getByText('Title is required')).toBeInTheDocument();
    expect(screen.getByText('Content is required')).toBeInTheDocument();
    expect(screen.getByText('Date is required')).toBeInTheDocument();
    expect(titleField()).toHaveFocus();
    expect(api.create).not.toHaveBeenCalled();
  });

  it("sends a failed create again under the same idempotency key, then stores this attempt's text", async () => {
    const user = userEvent.setup();
    api.create.mockRejectedValueOnce(
      new ApiError({ kind: 'network', status: 0, message: 'Network error. Please check your connection.' }),
    );
    await renderNew();

    await user.type(titleField(), 'Trip');
    await user.type(contentField(), 'We went.');
    await user.click(screen.getByRole('button', { name: 'Save Draft' }));
    expect(await screen.findByText('Network error. Please check your connection.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'OK' }));
    await user.click(screen.getByRole('button', { name: 'Save Draft' }));

    expect(await screen.findByText('Memory saved as draft!')).toBeInTheDocument();
    const [[, first], [, second]] = api.create.mock.calls;
    expect(first?.idempotencyKey).toEqual(expect.any(String));
    expect(second?.idempotencyKey).toBe(first?.idempotencyKey);
    // The first attempt may have reached the server with older text: the retry's answer is overwritten with this one.
    expect(api.update).toHaveBeenCalledWith('new-1', expect.objectContaining({ title: 'Trip', isDraft: true }));
  });

  it('saves a draft with a bare date, shows "Memory saved as draft!" and the time, and moves to the edit URL', async () => {
    const user = userEvent.setup();
    const router = await renderNew();

    await user.type(titleField(), 'Trip');
    await user.clear(screen.getByLabelText('Date *'));
    await user.type(screen.getByLabelText('Date *'), '2026-05-01');
    await user.type(contentField(), 'We went.');
    await user.click(screen.getByRole('button', { name: 'Save Draft' }));

    // A passing notice, not a modal: nothing to press, and it never pulls the focus to itself.
    const notice = (await screen.findByText('Memory saved as draft!')).closest('[role="status"]');
    expect(notice).not.toBeNull();
    expect(notice).not.toContainElement(document.activeElement as HTMLElement | null);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.create).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Trip', date: '2026-05-01', isDraft: true, tags: [] }),
      { idempotencyKey: expect.any(String) },
    );
    expect(screen.getByText(/^Last saved: \d{2}:\d{2}:\d{2}$/)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/memory/edit/new-1');
    // The same form stays: what was typed is still there.
    await waitFor(() => expect(contentField()).toHaveValue('We went.'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Memory' })).toBeInTheDocument();
  });

  it('hides the draft notice by itself after a while', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderAt('/memory/edit/m1', { memory: memoryWith() });

    await user.click(screen.getByRole('button', { name: 'Save Draft' }));
    await act(async () => undefined);
    expect(screen.getByText('Memory saved as draft!')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(DRAFT_NOTICE_AUTO_HIDE_MS - 1));
    expect(screen.getByText('Memory saved as draft!')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByText('Memory saved as draft!')).not.toBeInTheDocument();
  });

  it('publishes with "Memory published successfully!" and View Memory opens the memory', async () => {
    const user = userEvent.setup();
    const router = renderAt('/memory/edit/m1', { memory: memoryWith() });

    await user.click(screen.getByRole('button', { name: 'Publish' }));

    expect(await screen.findByText('Memory published successfully!')).toBeInTheDocument();
    expect(api.update).toHaveBeenCalledWith('m1', expect.objectContaining({ isDraft: false }), { autoSave: false });
    await user.click(screen.getByRole('button', { name: 'View Memory' }));
    expect(router.state.location.pathname).toBe('/memory/m1');
  });

  it('shows a failed save in the error modal, and closing it clears it', async () => {
    api.update.mockRejectedValue(new ApiError({ kind: 'http', status: 500, message: MEMORY_FALLBACK_MESSAGES.update }));
    const user = userEvent.setup();
    renderAt('/memory/edit/m1', { memory: memoryWith() });

    await user.click(screen.getByRole('button', { name: 'Save Draft' }));
    expect(await screen.findByText('Failed to update memory')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'OK' }));

    await waitFor(() => expect(screen.queryByText('Failed to update memory')).not.toBeInTheDocument());
  });

  it('shows the preview with "Untitled Memory", the long date, the marker and the content', async () => {
    const user = userEvent.setup();
    renderAt('/memory/edit/m1', { memory: memoryWith({ title: '' }) });

    await user.click(screen.getByRole('button', { name: 'Preview' }));

    const preview = screen.getByRole('article', { name: 'Preview' });
    expect(preview).toHaveTextContent('Untitled Memory');
    expect(preview).toHaveTextContent('May 1, 2026, 12:00 PM');
    expect(preview).toHaveTextContent('Draft');
    expect(preview).toHaveTextContent('sea');
    expect(preview).toHaveTextContent('We went.');
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    expect(contentField()).toBeVisible();
  });

  it('asks the server to clean up images taken out of the content after a save', async () => {
    const user = userEvent.setup();
    renderAt('/memory/edit/m1', {
      memory: memoryWith({
        contentJson: JSON.stringify({
          type: 'doc',
          content: [
            { type: 'image', attrs: { src: '/api/files/a.png' } },
            { type: 'paragraph', content: [{ type: 'text', text: 'Text' }] },
          ],
        }),
      }),
    });

    await user.clear(contentField());
    await user.type(contentField(), 'Only text');
    await user.click(screen.getByRole('button', { name: 'Save Draft' }));

    await waitFor(() => expect(api.cleanupImages).toHaveBeenCalledWith(['/api/files/a.png']));
  });
});

describe('EditorPage: images', () => {
  const withImages = () =>
    memoryWith({
      contentJson: JSON.stringify({
        type: 'doc',
        content: [
          { type: 'image', attrs: { src: '/api/files/users/u1/0123456789abcdefghijklmnopqrstuvwxyz.png' } },
          { type: 'image', attrs: { src: 'https://example.com/beach.jpg' } },
          { type: 'paragraph', content: [{ type: 'text', text: 'Text' }] },
        ],
      }),
    });

  it("offers the content's http images as thumbnails, labelled by 30 characters of the file name, and saves the choice", async () => {
    const user = userEvent.setup();
    renderAt('/memory/edit/m1', { memory: withImages() });

    await user.click(screen.getByRole('combobox', { name: 'Thumbnail Image' }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'None',
      '0123456789abcdefghijklmnopqrst',
      'beach.jpg',
    ]);
    await user.click(screen.getByRole('option', { name: 'beach.jpg' }));
    await user.click(screen.getByRole('button', { name: 'Save Draft' }));

    await waitFor(() =>
      expect(api.update).toHaveBeenCalledWith(
        'm1',
        expect.objectContaining({ thumbnailUrl: 'https://example.com/beach.jpg' }),
        { autoSave: false },
      ),
    );
  });

  it('lists the images in the gallery and removes one from the content', async () => {
    const user = userEvent.setup();
    renderAt('/memory/edit/m1', { memory: withImages() });

    expect(await screen.findByRole('heading', { name: 'Attachments (2)' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove image 2' }));

    expect(await screen.findByRole('heading', { name: 'Attachments (1)' })).toBeInTheDocument();
    expect((contentField() as HTMLTextAreaElement).value).not.toContain('beach.jpg');
    expect(api.update).not.toHaveBeenCalled();
  });
});

describe('EditorPage: auto-save', () => {
  it('is off by default and persisted as editorAutoSave; the settings dialog shows its status', async () => {
    const user = userEvent.setup();
    await renderNew();

    expect(screen.getByRole('switch', { name: 'Auto-save' })).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Editor settings' }));
    expect(await screen.findByText('Status: Disabled')).toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'Auto-Save' }));

    expect(screen.getByText('Status: Enabled')).toBeInTheDocument();
    expect(localStorage.getItem(AUTO_SAVE_STORAGE_KEY)).toBe('true');
    expect(screen.getByText('More editor settings coming soon...')).toBeInTheDocument();
  });

  it('saves a draft silently 2000 ms after the last edit and moves a new memory to its edit URL', async () => {
    localStorage.setItem(AUTO_SAVE_STORAGE_KEY, 'true');
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const router = await renderNew();

    await user.type(titleField(), 'Trip');
    await user.type(contentField(), 'We went.');
    act(() => jest.advanceTimersByTime(AUTO_SAVE_DELAY_MS - 1));
    expect(api.create).not.toHaveBeenCalled();
    await act(async () => jest.advanceTimersByTime(1));

    expect(api.create).toHaveBeenCalledTimes(1);
    expect(api.create).toHaveBeenCalledWith(expect.objectContaining({ title: 'Trip', isDraft: true }), {
      idempotencyKey: expect.any(String),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/memory/edit/new-1'));
    expect(screen.queryByText('Memory saved as draft!')).not.toBeInTheDocument();
    expect(screen.getByText(/^Last saved: /)).toBeInTheDocument();

    await user.type(contentField(), ' Again.');
    await act(async () => jest.advanceTimersByTime(AUTO_SAVE_DELAY_MS));
    // Marked as an auto-save: auto-saves close together keep one version in the history.
    expect(api.update).toHaveBeenCalledWith('new-1', expect.objectContaining({ isDraft: true }), { autoSave: true });
    expect(api.create).toHaveBeenCalledTimes(1);
  });

  it('skips while the title is empty', async () => {
    localStorage.setItem(AUTO_SAVE_STORAGE_KEY, 'true');
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    await renderNew();

    await user.type(contentField(), 'We went.');
    await act(async () => jest.advanceTimersByTime(AUTO_SAVE_DELAY_MS * 2));

    expect(api.create).not.toHaveBeenCalled();
  });

  it('only logs a failure, and not even that for "Failed to update memory"', async () => {
    localStorage.setItem(AUTO_SAVE_STORAGE_KEY, 'true');
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    api.update.mockRejectedValueOnce(
      new ApiError({ kind: 'http', status: 500, message: MEMORY_FALLBACK_MESSAGES.update }),
    );
    api.update.mockRejectedValueOnce(
      new ApiError({ kind: 'network', status: 0, message: 'Network error. Please check your connection.' }),
    );
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderAt('/memory/edit/m1', { memory: memoryWith() });

    await user.type(contentField(), '!');
    await act(async () => jest.advanceTimersByTime(AUTO_SAVE_DELAY_MS));
    expect(api.update).toHaveBeenCalledTimes(1);
    expect(logged).not.toHaveBeenCalled();

    await user.type(contentField(), '!');
    await act(async () => jest.advanceTimersByTime(AUTO_SAVE_DELAY_MS));
    expect(logged).toHaveBeenCalledWith('Auto-save failed:', 'Network error. Please check your connection.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    logged.mockRestore();
  });
});

describe('EditorPage: never losing a word', () => {
  const key = draftMirrorKey('anonymous', 'm1');

  it('mirrors unsaved edits on this device and clears the mirror after a save', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderAt('/memory/edit/m1', { memory: memoryWith() });

    await user.type(contentField(), ' And back.');
    act(() => jest.advanceTimersByTime(MIRROR_DELAY_MS));
    expect(draftMirror.read(key)).toMatchObject({ title: 'Trip', content: { type: 'doc' } });

    await user.click(screen.getByRole('button', { name: 'Save Draft' }));
    await screen.findByText('Memory saved as draft!');
    // The mirror and every chunk of its document.
    expect(Object.keys(localStorage).filter((stored) => stored.startsWith(key))).toEqual([]);
  });

  it('offers the mirrored edits back when the page opens again, and restores them', async () => {
    const user = userEvent.setup();
    const first = renderAt('/memory/edit/m1', { memory: memoryWith() });
    await user.type(titleField(), ' to the sea');
    await user.type(contentField(), ' And back.');
    // Leaving the page (a crash would have written them a moment earlier) keeps the edits.
    first.unmount();

    renderAt('/memory/edit/m1', { memory: memoryWith() });
    expect(await screen.findByRole('dialog', { name: 'Restore unsaved changes?' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    expect(titleField()).toHaveValue('Trip to the sea');
    expect(contentField()).toHaveValue('We went. And back.');
  });

  it('forgets the mirrored edits when they are discarded', async () => {
    // As a version before chunked mirrors wrote it: a browser updated with an unsaved draft still gets it back.
    localStorage.setItem(
      key,
      JSON.stringify({
        title: 'Other',
        date: '2026-05-01',
        tags: [],
        thumbnailUrl: '',
        content: { type: 'doc', content: [] },
        savedAt: 1,
      }),
    );
    const user = userEvent.setup();
    renderAt('/memory/edit/m1', { memory: memoryWith() });

    await user.click(await screen.findByRole('button', { name: 'Discard' }));

    expect(titleField()).toHaveValue('Trip');
    expect(localStorage.getItem(key)).toBeNull();
  });

  it('asks before leaving with unsaved changes and stays when asked to', async () => {
    const user = userEvent.setup();
    const router = renderAt('/memory/edit/m1', { memory: memoryWith() });

    await user.type(titleField(), '!');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('dialog', { name: 'Leave without saving?' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/memory/edit/m1');

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(await screen.findByRole('button', { name: 'Leave' }));
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('leaves without asking when nothing changed', async () => {
    const user = userEvent.setup();
    const router = renderAt('/memory/edit/m1', { memory: memoryWith() });

    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    expect(router.state.location.pathname).toBe('/dashboard');
  });
});

describe('EditorPage: a newer version saved elsewhere', () => {
  const newer = memoryWith({
    title: 'Trip to the lake',
    contentJson: JSON.stringify(paragraphDocument('We went by train.')),
    tags: ['lake'],
    version: 2,
    updatedAt: '2026-05-02T09:30:00Z',
  });
  const conflict = (current: Memory) =>
    new ApiError({
      kind: 'http',
      status: 409,
      message: 'This memory was changed elsewhere since this version was loaded',
      code: 'MEMORY_VERSION_CONFLICT',
      detail: { current },
    });
  const conflictDialog = () => screen.findByRole('dialog', { name: 'This memory was changed elsewhere' });

  it('sends the version every save is based on, and the version the server answered next time', async () => {
    api.update.mockImplementation(async (id, input) => ({
      memory: memoryWith({ id, title: input.title, version: (input.version ?? 0) + 1 }),
    }));
    const user = userEvent.setup();
    renderAt('/memory/edit/m1', { memory: memoryWith({ version: 7 }) });

    await user.click(screen.getByRole('button', { name: 'Save Draft' }));
    await screen.findByText('Memory saved as draft!');
    await user.type(titleField(), '!');
    await user.click(screen.getByRole('button', { name: 'Save Draft' }));

    await waitFor(() => expect(api.update).toHaveBeenCalledTimes(2));
    expect(api.update.mock.calls.map(([, input]) => input.version)).toEqual([7, 8]);
  });

  it('keeps the text when an auto-save meets a newer version, shows both side by side, and auto-saves nothing more', async () => {
    localStorage.setItem(AUTO_SAVE_STORAGE_KEY, 'true');
    api.update.mockRejectedValueOnce(conflict(newer));
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderAt('/memory/edit/m1', { memory: memoryWith() });

    await user.type(contentField(), ' By bus.');
    await act(async () => {
      await jest.advanceTimersByTimeAsync(AUTO_SAVE_DELAY_MS);
    });

    const dialog = screen.getByRole('dialog', { name: 'This memory was changed elsewhere' });
    expect(api.update).toHaveBeenCalledWith('m1', expect.objectContaining({ version: 1 }), expect.anything());
    expect(within(dialog).getByRole('region', { name: 'Text of your version' })).toHaveTextContent('We went. By bus.');
    expect(within(dialog).getByRole('region', { name: 'Text of newer version' })).toHaveTextContent(
      'We went by train.',
    );
    expect(within(dialog).getByText('Saved May 2, 2026 at', { exact: false })).toBeInTheDocument();
    // The words only this version has are marked.
    expect(
      within(dialog).getByRole('region', { name: 'Text of your version' }).querySelector('mark'),
    ).toHaveTextContent('. By bus');
    // Behind the dialog (hidden from the accessibility tree while it is open), the editor still holds the text.
    expect(screen.getByRole('textbox', { name: 'Content', hidden: true })).toHaveValue('We went. By bus.');
    expect(JSON.stringify(draftMirror.read(draftMirrorKey('anonymous', 'm1'))?.content)).toContain('By bus.');

    await act(async () => {
      await jest.advanceTimersByTimeAsync(AUTO_SAVE_DELAY_MS * 3);
    });
    expect(api.update).toHaveBeenCalledTimes(1);
  });

  it('"Keep mine" saves this text on top of the newer version, keeping its shares', async () => {
    api.update.mockRejectedValueOnce(conflict({ ...newer, sharedWith: ['u2'] }));
    const user = userEvent.setup();
    renderAt('/memory/edit/m1', { memory: memoryWith() });

    await user.type(titleField(), ' by bus');
    await user.click(screen.getByRole('button', { name: 'Save Draft' }));
    await user.click(within(await conflictDialog()).getByRole('button', { name: 'Keep mine' }));

    expect(await screen.findByText('Memory saved as draft!')).toBeInTheDocument();
    expect(api.update).toHaveBeenLastCalledWith(
      'm1',
      expect.objectContaining({ title: 'Trip by bus', version: 2, sharedWith: ['u2'] }),
      expect.anything(),
    );
    await waitFor(() => expect(titleField()).toHaveValue('Trip by bus'));
  });

  it('"Keep theirs" puts the newer version in the editor, saves nothing, and bases the next save on it', async () => {
    api.update.mockRejectedValueOnce(conflict(newer));
    const user = userEvent.setup();
    const router = renderAt('/memory/edit/m1', { memory: memoryWith() });

    await user.type(contentField(), ' By bus.');
    await user.click(screen.getByRole('button', { name: 'Save Draft' }));
    await user.click(within(await conflictDialog()).getByRole('button', { name: 'Keep theirs' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(titleField()).toHaveValue('Trip to the lake');
    expect(contentField()).toHaveValue('We went by train.');
    expect(screen.getByText('lake')).toBeInTheDocument();
    expect(localStorage.getItem(draftMirrorKey('anonymous', 'm1'))).toBeNull();
    expect((router.state.location.state as { memory: Memory }).memory).toEqual(newer);
    expect(api.update).toHaveBeenCalledTimes(1);

    await user.type(titleField(), '!');
    await user.click(screen.getByRole('button', { name: 'Save Draft' }));
    await waitFor(() =>
      expect(api.update).toHaveBeenLastCalledWith(
        'm1',
        expect.objectContaining({ title: 'Trip to the lake!', version: 2 }),
        expect.anything(),
      ),
    );
  });

  it('copies the text of either version', async () => {
    api.update.mockRejectedValueOnce(conflict(newer));
    const user = userEvent.setup();
    renderAt('/memory/edit/m1', { memory: memoryWith() });

    await user.type(contentField(), ' By bus.');
    await user.click(screen.getByRole('button', { name: 'Save Draft' }));
    const dialog = await conflictDialog();
    const [copyMine, copyTheirs] = within(dialog).getAllByRole('button', { name: 'Copy text' });
    await user.click(copyTheirs);
    expect(await navigator.clipboard.readText()).toBe('Trip to the lake\n\nWe went by train.');
    expect(within(dialog).getByText('The newer text was copied.')).toBeInTheDocument();
    await user.click(copyMine);
    expect(await navigator.clipboard.readText()).toBe('Trip\n\nWe went. By bus.');
  });

  it('saves again without asking when the newer version was only published or shared elsewhere', async () => {
    api.update.mockRejectedValueOnce(conflict(memoryWith({ isDraft: false, sharedWith: ['u2'], version: 3 })));
    const user = userEvent.setup();
    renderAt('/memory/edit/m1', { memory: memoryWith() });

    await user.type(contentField(), ' By bus.');
    await user.click(screen.getByRole('button', { name: 'Save Draft' }));

    expect(await screen.findByText('Memory saved as draft!')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'This memory was changed elsewhere' })).not.toBeInTheDocument();
    expect(api.update).toHaveBeenLastCalledWith(
      'm1',
      expect.objectContaining({ version: 3, sharedWith: ['u2'] }),
      expect.anything(),
    );
  });
});

describe('EditorPage: what a new memory starts with', () => {
  const drawn = { id: 'builtin-1', text: 'Who taught you something?', category: 'growth' as const, builtIn: true };
  const template = JSON.stringify({
    type: 'doc',
    content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Three good things:' }] }],
  });

  it('opens a reminder’s prompt as the heading, above the template, and leaves nothing unsaved', async () => {
    prompts.personalTemplate.mockResolvedValue({ contentJson: template, updatedAt: '2026-11-01T08:00:00.000Z' });
    await renderNew(`/memory/create?prompt=${encodeURIComponent('What made you smile?')}`);

    expect(contentField()).toHaveValue('What made you smile?\nThree good things:');
    expect(api.create).not.toHaveBeenCalled();
  });

  it('fills a new memory with the template, but never an edit of an existing one', async () => {
    prompts.personalTemplate.mockResolvedValue({ contentJson: template, updatedAt: '2026-11-01T08:00:00.000Z' });
    await renderNew();
    expect(contentField()).toHaveValue('Three good things:');

    renderAt('/memory/edit/m1', { memory: memoryWith() });
    expect(screen.getAllByRole('textbox', { name: 'Content' })[1]).toHaveValue('We went.');
    await formSettled();
  });

  it('opens empty when the template cannot be read (offline)', async () => {
    prompts.personalTemplate.mockRejectedValue(new Error('Network error. Please check your connection.'));
    await renderNew();

    expect(contentField()).toHaveValue('');
  });

  it('"Need a prompt?" inserts the drawn prompt as a heading where the person writes, from the keyboard', async () => {
    const user = userEvent.setup();
    prompts.random.mockResolvedValue(drawn);
    await renderNew();
    await user.type(contentField(), 'Already written.');

    act(() => screen.getByRole('button', { name: 'Need a prompt?' }).focus());
    await user.keyboard('{Enter}');
    const panel = await screen.findByRole('region', { name: 'Writing prompt' });
    expect(await within(panel).findByText('Who taught you something?')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Shuffle' })).toHaveFocus();
    act(() => within(panel).getByRole('button', { name: 'Insert as heading' }).focus());
    await user.keyboard('{Enter}');

    expect(screen.queryByRole('region', { name: 'Writing prompt' })).not.toBeInTheDocument();
    expect(contentField()).toHaveValue('Who taught you something?\nAlready written.');
  });

  it('closes the prompt panel with Escape and gives the focus back to "Need a prompt?"', async () => {
    const user = userEvent.setup();
    prompts.random.mockResolvedValue(drawn);
    await renderNew();

    await user.click(screen.getByRole('button', { name: 'Need a prompt?' }));
    await screen.findByRole('region', { name: 'Writing prompt' });
    await user.keyboard('{Escape}');

    expect(screen.queryByRole('region', { name: 'Writing prompt' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Need a prompt?' })).toHaveFocus());
  });
});
