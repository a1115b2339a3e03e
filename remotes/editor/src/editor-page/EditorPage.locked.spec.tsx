import type { Memory, MemoryInput } from '@memories/contracts';
import { memoriesApi, promptsApi } from '@memories/web-api-client';
import { unlockedJournals } from '@memories/web-crypto';
import { sealInput } from '@memories/web-journals';
import { act, configure, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { webcrypto } from 'node:crypto';
import { createMemoryRouter, RouterProvider } from 'react-router';

import { EditorPage } from './EditorPage';
import { memoryWith, paragraphDocument } from './testing/memory.fixture';

// A memory of a locked journal in the editor: it opens only with the journal's key, is sealed again before it is
// sent, and its text is hidden (never dropped) while the journal locks under it.
jest.mock('../rich-text', () => jest.requireActual('./testing/FakeRichTextEditor'));

jest.mock('@memories/web-api-client', () => jest.requireActual('./testing/mocked-api-client').mockedApiClient());

const api = memoriesApi as jest.Mocked<typeof memoriesApi>;
configure({ asyncUtilTimeout: 5_000 });
jest.setTimeout(30_000);

const VAULT = 'c0ffee00-0000-4000-8000-0000000000a1';
let key: CryptoKey;
let stored: Memory;

beforeAll(async () => {
  // jsdom has no crypto.subtle; Node's WebCrypto is the one browsers have.
  Object.defineProperty(globalThis, 'crypto', { value: webcrypto, configurable: true });
  key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
  const sealed = await sealInput(
    { title: 'Quince lantern', date: '2026-05-01', contentJson: paragraphDocument('Marmalade harbour.'), tags: ['x'] },
    key,
    VAULT,
    [],
  );
  stored = memoryWith({
    journalId: VAULT,
    title: '',
    contentJson: '',
    contentHtml: '',
    tags: [],
    sealed: sealed.sealed,
  });
});

beforeEach(() => {
  jest.clearAllMocks();
  unlockedJournals.lockAll();
  api.get.mockResolvedValue(stored);
  api.tags.mockResolvedValue([]);
  (promptsApi.personalTemplate as jest.Mock).mockResolvedValue({ contentJson: '', updatedAt: null });
  api.update.mockImplementation(async (_id, input) => ({ memory: { ...stored, version: 2, sealed: input.sealed } }));
});

function renderEditor() {
  const router = createMemoryRouter(
    [
      { path: '/memory/edit/:id', element: <EditorPage /> },
      { path: '/memory/:id', element: <h1>Viewer</h1> },
    ],
    { initialEntries: ['/memory/edit/m1'] },
  );
  render(<RouterProvider router={router} />);
}

const titleField = () => screen.getByLabelText('Memory Title *');

describe('EditorPage: a memory of a locked journal', () => {
  it('asks for the journal to be unlocked, then opens the memory with its key', async () => {
    renderEditor();
    expect(await screen.findByText(/^This memory is in the locked journal/)).toBeVisible();
    expect(screen.queryByLabelText('Memory Title *')).toBeNull();
    act(() => unlockedJournals.unlock(VAULT, key));
    expect(await screen.findByDisplayValue('Quince lantern')).toBeVisible();
    expect(screen.getByTestId('locked-journal-note')).toBeVisible();
    // No image goes into a locked journal until images are sealed too.
    expect(screen.queryByRole('button', { name: 'Upload Image' })).toBeNull();
  });

  it('seals what it saves: the server is sent ciphertext and empty fields', async () => {
    unlockedJournals.unlock(VAULT, key);
    renderEditor();
    await userEvent.clear(await screen.findByDisplayValue('Quince lantern'));
    await userEvent.type(titleField(), 'Quince orchard');
    await userEvent.click(screen.getByRole('button', { name: 'Save Draft' }));
    await screen.findByText('Memory saved as draft!');
    const [, input] = api.update.mock.calls[0] as [string, MemoryInput];
    expect(input).toMatchObject({ title: '', contentJson: '', tags: [], journalId: VAULT });
    expect(JSON.stringify(input)).not.toMatch(/Quince|Marmalade/);
    expect(input.sealed?.ciphertext).not.toBe(stored.sealed?.ciphertext);
  });

  it('hides the text while the journal locks under it, and shows the same edits once unlocked again', async () => {
    unlockedJournals.unlock(VAULT, key);
    renderEditor();
    await userEvent.type(await screen.findByDisplayValue('Quince lantern'), ' at dusk');
    act(() => unlockedJournals.lockAll('idle'));
    expect(await screen.findByText(/^This memory is in the locked journal/)).toBeVisible();
    expect(titleField()).not.toBeVisible();
    act(() => unlockedJournals.unlock(VAULT, key));
    expect(titleField()).toBeVisible();
    expect(titleField()).toHaveValue('Quince lantern at dusk');
  });
});
