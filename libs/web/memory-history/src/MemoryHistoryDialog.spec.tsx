import type { Memory, MemoryVersion, MemoryVersionSummary } from '@memories/contracts';
import { memoryVersionsApi } from '@memories/web-api-client';
import { sealMemoryContent, unlockedJournals } from '@memories/web-crypto';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { webcrypto } from 'node:crypto';
import { MemoryHistoryDialog } from './MemoryHistoryDialog';

jest.mock('@memories/web-api-client', () => ({
  ...jest.requireActual('@memories/web-api-client'),
  memoryVersionsApi: { list: jest.fn(), get: jest.fn(), restore: jest.fn() },
}));
const api = jest.mocked(memoryVersionsApi);

const memory = { id: 'm1', title: 'Lake day', wordCount: 6, updatedAt: '2026-07-04T18:00:00.000Z' } as Memory;
const summary = (
  id: string,
  savedAt: string,
  wordCount: number,
  wordCountDelta: number | null,
): Omit<MemoryVersionSummary, 'sealed'> => ({
  id,
  savedAt,
  replacedAt: savedAt,
  replacedBy: 'save',
  title: 'Lake day',
  isDraft: true,
  wordCount,
  wordCountDelta,
});
const content = { title: 'Lake day', date: '2026-07-04T12:00:00', tags: [], isDraft: true, thumbnailUrl: '' };
const version: MemoryVersion = {
  ...summary('v1', '2026-07-04T10:00:00.000Z', 2, null),
  ...content,
  memoryId: 'm1',
  contentJson: '{}',
  contentHtml: '<p>We rowed</p>',
  contentText: 'We rowed',
  wordCount: 2,
  current: { ...content, title: 'Lake day at dawn', contentText: 'We rowed across the lake', wordCount: 6 },
};

beforeEach(() => {
  jest.resetAllMocks();
  api.list.mockResolvedValue({
    versions: [summary('v2', '2026-07-04T12:00:00.000Z', 4, 2), summary('v1', '2026-07-04T10:00:00.000Z', 2, null)],
  });
  api.get.mockImplementation(async (_memoryId, versionId) => ({ ...version, id: versionId }));
});

describe('MemoryHistoryDialog', () => {
  it('lists the current version and the kept ones, newest first, with their word changes', async () => {
    render(<MemoryHistoryDialog memory={memory} onClose={jest.fn()} onRestored={jest.fn()} />);

    await screen.findAllByRole('button', { name: /Jul 4, 2026/ });
    const items = within(screen.getByRole('navigation', { name: 'Versions' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^Current version.*\+2 words$/),
      expect.stringMatching(/Jul 4, 2026.*\+2 words · Draft$/),
      expect.stringMatching(/Jul 4, 2026.*Draft$/),
    ]);
  });

  it('shows a version with what differs from the current text, and restores it', async () => {
    const onRestored = jest.fn();
    const restored = { memory: { ...memory, title: 'Lake day' }, undoVersionId: 'v3', message: 'Version restored' };
    api.restore.mockResolvedValue(restored);
    render(<MemoryHistoryDialog memory={memory} onClose={jest.fn()} onRestored={onRestored} />);

    fireEvent.click((await screen.findAllByRole('button', { name: /Jul 4, 2026/ }))[1]);

    expect(await screen.findByRole('heading', { name: /Version of Jul 4, 2026/ })).toBeInTheDocument();
    expect(screen.getByText('Title: “Lake day” (now “Lake day at dawn”)')).toBeInTheDocument();
    const text = screen.getByTestId('version-text');
    expect(
      within(text).getByText(
        (_, element) => element?.tagName === 'DEL' && element.textContent?.includes('across the lake') === true,
      ),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Restore this version' }));
    await screen.findByRole('button', { name: 'Restore this version' });
    expect(api.restore).toHaveBeenCalledWith('m1', 'v1');
    expect(onRestored).toHaveBeenCalledWith(restored);
  });

  it('offers no restore, and says why, while the editor holds unsaved changes', async () => {
    render(
      <MemoryHistoryDialog
        memory={memory}
        onClose={jest.fn()}
        onRestored={jest.fn()}
        restoreBlockedReason="Save your changes first."
      />,
    );

    fireEvent.click((await screen.findAllByRole('button', { name: /Jul 4, 2026/ }))[0]);

    expect(await screen.findByText('Save your changes first.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Restore this version' })).not.toBeInTheDocument();
  });

  it('says when there is no earlier version, and shows a failed restore in place', async () => {
    api.list.mockResolvedValue({ versions: [] });
    render(<MemoryHistoryDialog memory={memory} onClose={jest.fn()} onRestored={jest.fn()} />);

    expect(await screen.findByText(/No earlier versions yet/)).toBeInTheDocument();
  });
});

describe('MemoryHistoryDialog of a locked memory', () => {
  const JOURNAL = 'c0ffee00-0000-4000-8000-00000000000b';
  const OTHER_JOURNAL = 'c0ffee00-0000-4000-8000-00000000000c';
  const documentOf = (text: string) =>
    JSON.stringify({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] });
  const empty = { title: '', contentText: '', tags: [], thumbnailUrl: '', wordCount: 0 };
  let key: CryptoKey;
  let sealedMemory: Memory;
  let sealedVersion: MemoryVersion;

  beforeAll(async () => {
    // jsdom has no crypto.subtle; Node's WebCrypto is the one browsers have.
    Object.defineProperty(globalThis, 'crypto', { value: webcrypto, configurable: true });
    key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
    const seal = (title: string, text: string, tags: string[]) =>
      sealMemoryContent(key, JOURNAL, { title, contentJson: documentOf(text), tags, thumbnailUrl: '' });
    // As the server answers them: the ciphertext, and every plaintext field empty.
    sealedMemory = {
      ...memory,
      ...empty,
      contentJson: '',
      contentHtml: '',
      journalId: JOURNAL,
      sealed: { ciphertext: await seal('Lake day at dawn', 'We rowed across the lake', []), imageUrls: [] },
    };
    sealedVersion = {
      ...version,
      ...empty,
      wordCountDelta: null,
      contentJson: '',
      contentHtml: '',
      sealed: { ciphertext: await seal('Lake day', 'We rowed', ['water']), imageUrls: [] },
      current: { ...version.current, ...empty },
    };
  });
  beforeEach(() => {
    const kept = { ...summary('v1', '2026-07-04T10:00:00.000Z', 0, null), title: '', sealed: true as const };
    api.list.mockResolvedValue({ versions: [kept] });
    api.get.mockResolvedValue(sealedVersion);
  });
  afterEach(() => act(() => unlockedJournals.lockAll()));

  const ciphertexts = () => [sealedMemory.sealed!.ciphertext, sealedVersion.sealed!.ciphertext];

  it('opens the memory and its version with the journal key, and compares what was written', async () => {
    unlockedJournals.unlock(JOURNAL, key);
    const onRestored = jest.fn();
    api.restore.mockResolvedValue({ memory: sealedMemory, undoVersionId: 'v2' });
    render(<MemoryHistoryDialog memory={sealedMemory} onClose={jest.fn()} onRestored={onRestored} />);

    expect(await screen.findByRole('dialog', { name: 'History of “Lake day at dawn”' })).toBeInTheDocument();
    const version = await screen.findByRole('button', { name: /Jul 4, 2026/ });
    // Its words are in its ciphertext: the list tells when and how it was kept, and no word change against it.
    expect(version).toHaveTextContent(/Locked version · Draft$/);
    expect(screen.getByText('Current version').parentElement).not.toHaveTextContent(/word|length/);
    fireEvent.click(version);

    expect(await screen.findByRole('heading', { name: /Version of Jul 4, 2026/ })).toHaveFocus();
    expect(screen.getByText('Title: “Lake day” (now “Lake day at dawn”)')).toBeInTheDocument();
    expect(screen.getByText('Tags: water (now no tags)')).toBeInTheDocument();
    const text = screen.getByTestId('version-text');
    expect(text).toHaveTextContent(/^We rowed/);
    expect(
      within(text).getByText(
        (_, element) => element?.tagName === 'DEL' && element.textContent?.includes('across the lake') === true,
      ),
    ).toBeInTheDocument();
    for (const ciphertext of ciphertexts()) expect(document.body).not.toHaveTextContent(ciphertext);

    fireEvent.click(screen.getByRole('button', { name: 'Restore this version' }));
    await screen.findByRole('button', { name: 'Restore this version' });
    expect(api.restore).toHaveBeenCalledWith('m1', 'v1');
    expect(onRestored).toHaveBeenCalledWith({ memory: sealedMemory, undoVersionId: 'v2' });
  });

  it('says the journal is locked, and shows nothing of the memory or its versions, until it is unlocked', async () => {
    render(<MemoryHistoryDialog memory={sealedMemory} onClose={jest.fn()} onRestored={jest.fn()} />);

    expect(screen.getByRole('dialog', { name: 'History of a locked memory' })).toBeInTheDocument();
    expect(screen.getByTestId('locked-memory')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unlock' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Versions' })).not.toBeInTheDocument();

    act(() => unlockedJournals.unlock(JOURNAL, key));
    fireEvent.click(await screen.findByRole('button', { name: /Jul 4, 2026/ }));
    expect(await screen.findByText('Title: “Lake day” (now “Lake day at dawn”)')).toBeInTheDocument();

    // Locked again (idle, or "Lock now" elsewhere): what was opened goes with the key.
    act(() => unlockedJournals.lockAll());
    expect(screen.queryByText(/Lake day/)).not.toBeInTheDocument();
    expect(screen.queryByTestId('version-text')).not.toBeInTheDocument();
    expect(screen.getByTestId('locked-memory')).toBeInTheDocument();
  });

  it('shows a version that does not open with the journal key as broken, never as text, and offers no restore', async () => {
    const elsewhere = await sealMemoryContent(key, OTHER_JOURNAL, {
      title: 'Sealed in another journal',
      contentJson: documentOf('Not this one'),
      tags: [],
      thumbnailUrl: '',
    });
    api.get.mockResolvedValue({ ...sealedVersion, sealed: { ciphertext: elsewhere, imageUrls: [] } });
    unlockedJournals.unlock(JOURNAL, key);
    render(<MemoryHistoryDialog memory={sealedMemory} onClose={jest.fn()} onRestored={jest.fn()} />);

    fireEvent.click(await screen.findByRole('button', { name: /Jul 4, 2026/ }));

    expect(await screen.findByRole('alert')).toHaveTextContent(/cannot be decrypted/);
    expect(screen.queryByTestId('version-text')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Restore this version' })).not.toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(elsewhere);
  });
});
