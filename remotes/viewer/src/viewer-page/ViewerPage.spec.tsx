import type { Journal, Memory } from '@memories/contracts';
import { ApiError, journalsApi, memoriesApi } from '@memories/web-api-client';
import { sealMemoryContent, unlockedJournals } from '@memories/web-crypto';
import { journalsStore } from '@memories/web-journals/journals-store';
import { SessionProvider, type SessionStore } from '@memories/web-session';
import { settledSessionStore } from '@memories/web-session/testing';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { webcrypto } from 'node:crypto';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { REDIRECT_AFTER_DELETE_MS, ViewerPage } from './ViewerPage';

jest.mock('@memories/web-api-client', () => ({
  ...jest.requireActual('@memories/web-api-client'),
  memoriesApi: { get: jest.fn(), publish: jest.fn(), remove: jest.fn() },
  journalsApi: { list: jest.fn() },
}));
const api = jest.mocked(memoriesApi);

/** What this device kept of the memory (the store itself is tested in web-offline). */
let mockKeptCopy: { value: Memory; savedAt: number } | null = null;
jest.mock('@memories/web-offline', () => ({
  ...jest.requireActual('@memories/web-offline'),
  offlineReading: { keepMemories: async () => undefined, keptMemory: async () => mockKeptCopy },
}));

const owner = 'owner@example.com';
const memory: Memory = {
  id: 'm1',
  title: 'Lake day',
  date: '2026-07-04T12:00:00.000Z',
  contentHtml: '<p>We swam <strong>all</strong> afternoon.</p>',
  contentJson: '{}',
  tags: ['summer', 'family'],
  isDraft: true,
  thumbnailUrl: '',
  sharedWith: [],
  userEmail: owner,
  ownerId: 'u1',
  createdAt: '2026-07-04T18:00:00.000Z',
  updatedAt: '2026-07-04T18:00:00.000Z',
  viewCount: 0,
  likeCount: 0,
  commentCount: 0,
  journalId: 'journal-1',
  wordCount: 4,
  readingTime: 1,
  version: 1,
  mood: 4,
};

function signedInAs(email: string): SessionStore {
  return settledSessionStore({
    id: 'u1',
    name: 'Someone',
    email,
    phoneNumber: null,
    profileImageUrl: null,
    emailVerified: true,
    createdAt: memory.createdAt,
    role: 'member',
  });
}

function renderViewer({ email = owner, state }: { email?: string; state?: unknown } = {}) {
  const router = createMemoryRouter(
    [
      { path: '/memory/:id', element: <ViewerPage /> },
      { path: '/dashboard', element: <p>Dashboard</p> },
      { path: '/memory/edit/:id', element: <p>Editor</p> },
    ],
    { initialEntries: [{ pathname: '/memory/m1', state }] },
  );
  render(
    <SessionProvider store={signedInAs(email)}>
      <RouterProvider router={router} />
    </SessionProvider>,
  );
  return router;
}

describe('ViewerPage', () => {
  beforeEach(() => {
    jest.resetAllMocks();
    jest.mocked(journalsApi.list).mockResolvedValue([]);
  });
  afterEach(() => jest.useRealTimers());

  it('shows "Loading memory..." and then the fetched memory with its details', async () => {
    api.get.mockResolvedValue({ ...memory, viewCount: 3, updatedAt: '2026-07-05T09:00:00.000Z' });
    renderViewer();

    expect(screen.getByText('Loading memory...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Lake day' })).toBeInTheDocument();
    expect(api.get).toHaveBeenCalledWith('m1', expect.anything());
    expect(screen.getByText('2 tags')).toBeInTheDocument();
    expect(screen.getByText(`By ${owner}`)).toBeInTheDocument();
    expect(screen.getByText('Draft')).toBeInTheDocument();
    expect(screen.getByText('Mood: Good')).toBeInTheDocument();
    expect(screen.getByText('3 views')).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Tags' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['summer', 'family']);
    expect(screen.getByText('all').tagName).toBe('STRONG');
    expect(screen.getByText(/^Last updated/)).toBeInTheDocument();
    expect(screen.getByText('4 words')).toBeInTheDocument();
    expect(screen.getByText('1 min read')).toBeInTheDocument();
  });

  it('uses the memory from navigation state when its id matches, without fetching', () => {
    renderViewer({ state: { memory } });

    expect(screen.getByRole('heading', { level: 1, name: 'Lake day' })).toBeInTheDocument();
    expect(api.get).not.toHaveBeenCalled();
    expect(screen.queryByText(/^Last updated/)).not.toBeInTheDocument();
    expect(screen.queryByText(/views?$/)).not.toBeInTheDocument();
  });

  it('fetches when the navigation state holds another memory', async () => {
    api.get.mockResolvedValue(memory);
    renderViewer({ state: { memory: { ...memory, id: 'other', title: 'Other' } } });

    expect(await screen.findByRole('heading', { level: 1, name: 'Lake day' })).toBeInTheDocument();
    expect(api.get).toHaveBeenCalledTimes(1);
  });

  it('shows the copy kept on this device when the server cannot be reached', async () => {
    mockKeptCopy = { value: memory, savedAt: Date.UTC(2026, 10, 27, 10, 42) };
    api.get.mockRejectedValue(
      new ApiError({ kind: 'network', status: 0, message: 'Network error. Please check your connection.' }),
    );
    renderViewer();

    expect(await screen.findByRole('heading', { level: 1, name: 'Lake day' })).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    mockKeptCopy = null;
  });

  it('shows the network error when the server cannot be reached and nothing was kept', async () => {
    api.get.mockRejectedValue(
      new ApiError({ kind: 'network', status: 0, message: 'Network error. Please check your connection.' }),
    );
    renderViewer();

    expect(await screen.findByRole('alertdialog', { name: 'Error' }, { timeout: 15_000 })).toHaveTextContent(
      'Network error. Please check your connection.',
    );
  }, 20_000);

  it('shows the error modal and "Back to Dashboard" when the memory cannot be loaded', async () => {
    api.get.mockRejectedValue(new ApiError({ kind: 'http', status: 404, message: 'Memory not found' }));
    renderViewer();

    const dialog = await screen.findByRole('alertdialog', { name: 'Error' }, { timeout: 15_000 });
    expect(dialog).toHaveTextContent('Memory not found');
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await screen.findByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/dashboard');
  }, 20_000);

  it('gives the owner Publish, Edit, History and Delete next to Share, Print and Download', async () => {
    renderViewer({ state: { memory } });

    expect(screen.getByRole('button', { name: 'Publish' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'More Options' }));
    expect((await screen.findAllByRole('menuitem')).map((item) => item.textContent)).toEqual([
      'Share',
      'Print',
      'Download',
      'History',
      'Delete',
    ]);
  });

  it('hides Publish, Edit, History and Delete from a reader who is not the owner but keeps Share, Print and Download', async () => {
    renderViewer({ email: 'friend@example.com', state: { memory } });

    expect(screen.queryByRole('button', { name: 'Publish' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'More Options' }));
    expect((await screen.findAllByRole('menuitem')).map((item) => item.textContent)).toEqual([
      'Share',
      'Print',
      'Download',
    ]);
  });

  it('shows a reader who shared the memory, and keeps Share an under-construction notice for them', async () => {
    const sharedBy = { id: 'u2', name: 'Olive Owner', email: owner, profileImageUrl: null };
    renderViewer({ email: 'friend@example.com', state: { memory: { ...memory, sharedBy } } });

    expect(screen.getByTestId('shared-by')).toHaveTextContent('Shared by Olive Owner');
    fireEvent.click(screen.getByRole('button', { name: 'More Options' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Share' }));
    expect(await screen.findByText(/Share functionality is currently under development/)).toBeInTheDocument();
  });

  it('publishes a draft, reloads it and offers "Refresh View"', async () => {
    api.publish.mockResolvedValue({ memory: { ...memory, isDraft: false }, message: 'Memory published successfully' });
    api.get.mockResolvedValue({ ...memory, isDraft: false });
    renderViewer({ state: { memory } });

    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));

    expect(await screen.findByText('Memory published successfully')).toBeInTheDocument();
    expect(await screen.findByText('Published')).toBeInTheDocument();
    expect(api.get).toHaveBeenCalledWith('m1', expect.anything());
    expect(screen.queryByRole('button', { name: 'Publish' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh View' })).toBeInTheDocument();
  });

  it('asks in the in-page confirm dialog before deleting, says so, and goes to the dashboard after 1.5 s', async () => {
    api.remove.mockResolvedValue('Memory deleted successfully');
    const router = renderViewer({ state: { memory } });

    fireEvent.click(screen.getByRole('button', { name: 'More Options' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    // The dialog is a lazy chunk: the first load compiles MUI's dialog modules, slow on a cold, busy runner.
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete memory' }, { timeout: 15_000 });
    expect(dialog).toHaveAccessibleDescription(
      'Are you sure you want to delete "Lake day"? This action cannot be undone.',
    );
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(api.remove).not.toHaveBeenCalled();

    jest.useFakeTimers();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await act(async () => undefined);
    expect(api.remove).toHaveBeenCalledWith('m1');
    expect(screen.getByText('Memory deleted successfully')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(REDIRECT_AFTER_DELETE_MS - 1));
    expect(router.state.location.pathname).toBe('/memory/m1');
    act(() => jest.advanceTimersByTime(1));
    expect(router.state.location.pathname).toBe('/dashboard');
  }, 20_000);

  it('does nothing when the owner cancels the delete', async () => {
    renderViewer({ state: { memory } });

    fireEvent.click(screen.getByRole('button', { name: 'More Options' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete memory' }, { timeout: 15_000 });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.remove).not.toHaveBeenCalled();
  }, 20_000);

  it('shows the images of the content as "Attachments (count)", read-only even for the owner', () => {
    const contentHtml =
      '<p>Pictures</p><img src="/api/files/users/u1/a.png" width="120"><p>more</p><img src="/api/files/users/u1/b.png">';
    renderViewer({ state: { memory: { ...memory, contentHtml } } });

    expect(screen.getByRole('heading', { name: 'Attachments (2)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open image 1 of 2' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download image 2' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Remove image/ })).not.toBeInTheDocument();
  });

  it('shows no gallery for content without images', () => {
    renderViewer({ state: { memory } });

    expect(screen.queryByRole('heading', { name: /^Attachments/ })).not.toBeInTheDocument();
  });

  it('goes back to the dashboard when the memory was opened directly, with no earlier page of the app', () => {
    const router = renderViewer({ state: { memory } });

    fireEvent.click(screen.getByRole('button', { name: 'Back' }));

    expect(router.state.location.pathname).toBe('/dashboard');
  });
});

describe('ViewerPage with a memory of a locked journal', () => {
  const secrets: Journal = {
    id: 'journal-locked',
    name: 'Secrets',
    color: '#3f6ad8',
    role: 'owner',
    locked: true,
    isDefault: false,
    memoryCount: 1,
    memberCount: 0,
    position: 1,
  };
  let sealed: Memory;
  let key: CryptoKey;

  beforeAll(async () => {
    // jsdom has no crypto.subtle; Node's WebCrypto is the one browsers have.
    Object.defineProperty(globalThis, 'crypto', { value: webcrypto, configurable: true });
    key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
    const contentJson = JSON.stringify({
      type: 'doc',
      content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Only we know.' }] }],
    });
    const ciphertext = await sealMemoryContent(key, secrets.id, {
      title: 'Under the stars',
      contentJson,
      tags: ['night'],
      thumbnailUrl: '',
    });
    sealed = {
      ...memory,
      journalId: secrets.id,
      title: '',
      contentJson: '',
      contentHtml: '',
      tags: [],
      mood: null,
      wordCount: 0,
      readingTime: 0,
      sealed: { ciphertext, imageUrls: [] },
    };
  });
  beforeEach(() => {
    jest.resetAllMocks();
    journalsStore.clear();
    jest.mocked(journalsApi.list).mockResolvedValue([secrets]);
  });
  afterEach(() => act(() => unlockedJournals.lockAll()));

  const menuItems = async () => {
    fireEvent.click(screen.getByRole('button', { name: 'More Options' }));
    const items = (await screen.findAllByRole('menuitem')).map((item) => item.textContent);
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
    return items;
  };

  it('shows the locked notice, with Back and Print still there, while its journal is locked', async () => {
    const router = renderViewer({ state: { memory: sealed } });

    expect(
      await screen.findByRole('heading', { name: 'This memory is in the locked journal “Secrets”' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unlock' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(sealed.sealed!.ciphertext);
    // Nothing to share or download (the server has only ciphertext); History and Delete wait until it can be read.
    expect(await menuItems()).toEqual(['Print']);
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('shows it opened while its journal is unlocked, and the notice again once it locks', async () => {
    unlockedJournals.unlock(secrets.id, key);
    renderViewer({ state: { memory: sealed } });

    expect(await screen.findByRole('heading', { level: 1, name: 'Under the stars' })).toBeInTheDocument();
    expect(screen.getByText('Only we know.')).toBeInTheDocument();
    expect(screen.getByText('1 tag')).toBeInTheDocument();
    expect(screen.getByText('3 words')).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(sealed.sealed!.ciphertext);
    expect(await menuItems()).toEqual(['Print', 'History', 'Delete']);

    act(() => unlockedJournals.lockAll());

    expect(screen.queryByText('Only we know.')).not.toBeInTheDocument();
    expect(screen.getByTestId('locked-memory')).toBeInTheDocument();
  });
});
