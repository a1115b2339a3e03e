import type { Memory, MemoryInput } from '@memories/contracts';
import { webcrypto } from 'node:crypto';
import { unlockedJournals } from '@memories/web-crypto';
import { journalsStore } from '@memories/web-journals/journals-store';
import { journalSealing } from './journal-sealing';
import { isSealed, openMemory, sealInput, withoutPlaintext } from './sealed-memories';

const JOURNAL = 'c0ffee00-0000-4000-8000-00000000000a';
const newKey = () => crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);

const document = {
  type: 'doc',
  content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Marmalade <b>harbour</b> at dawn' }] }],
};
const input: MemoryInput = {
  title: 'Quince lantern',
  date: '2026-11-20',
  contentJson: document,
  contentHtml: '<p>what the editor rendered</p>',
  tags: ['zephyr'],
  isDraft: true,
  thumbnailUrl: '',
  mood: 4,
  journalId: JOURNAL,
};

/** The memory the server answers a sealed save with: the ciphertext, every plaintext field empty. */
function storedAs(sealed: MemoryInput): Memory {
  return {
    id: 'm1',
    title: sealed.title,
    date: '2026-11-20T12:00:00.000Z',
    contentHtml: '',
    contentJson: '',
    tags: [],
    isDraft: true,
    thumbnailUrl: '',
    sharedWith: [],
    userEmail: 'a@example.com',
    ownerId: 'u1',
    createdAt: '2026-11-20T12:00:00.000Z',
    updatedAt: '2026-11-20T12:00:00.000Z',
    viewCount: 0,
    likeCount: 0,
    commentCount: 0,
    wordCount: 0,
    readingTime: 0,
    version: 1,
    journalId: JOURNAL,
    mood: null,
    sealed: sealed.sealed,
  };
}

describe('memories of a locked journal', () => {
  // jsdom (which the browser's sanitiser needs) has no crypto.subtle; Node's WebCrypto is the one browsers have.
  beforeAll(() => Object.defineProperty(globalThis, 'crypto', { value: webcrypto, configurable: true }));
  afterEach(() => {
    unlockedJournals.lockAll();
    journalsStore.clear();
  });

  it('seal every written word and the mood into the ciphertext, and open them again with derived HTML', async () => {
    const key = await newKey();
    const image = '/api/files/users/u1/0b7e2f1c-6d1a-4a55-9a0e-6c1f2b3a4d5e.sealed';
    const sealed = await sealInput(input, key, JOURNAL, [image, 'https://example.com/elsewhere.png']);
    expect(sealed).toMatchObject({ title: '', contentJson: '', tags: [], thumbnailUrl: '', mood: null });
    // The server is told which of its files the memory uses (never an address elsewhere, which it would refuse).
    expect(sealed.sealed?.imageUrls).toEqual([image]);
    expect(sealed.contentHtml).toBeUndefined();
    expect(JSON.stringify(sealed)).not.toMatch(/Quince|Marmalade|zephyr/);

    const stored = storedAs(sealed);
    expect(isSealed(stored)).toBe(true);
    const opened = await openMemory(stored, key);
    expect(opened).toMatchObject({ title: 'Quince lantern', tags: ['zephyr'], mood: 4, wordCount: 6 });
    expect(JSON.parse(opened.contentJson)).toEqual(document);
    // Rendered and sanitised here: the text's markup-like characters stay text.
    expect(opened.contentHtml).toBe('<p>Marmalade &lt;b&gt;harbour&lt;/b&gt; at dawn</p>');
    expect(opened.sealed).toEqual(stored.sealed);
    expect(withoutPlaintext(opened)).toEqual(stored);
  });

  it('refuse to open with another key', async () => {
    const stored = storedAs(await sealInput(input, await newKey(), JOURNAL, []));
    await expect(openMemory(stored, await newKey())).rejects.toThrow(/cannot be decrypted/);
  });

  it('say a save into a locked journal is sealed once unlocked, and refused (not plain) while locked', async () => {
    expect(journalSealing(JOURNAL).kind).toBe('plain');
    // A sealed memory tells its journal is locked even before the journals are known (offline).
    expect(journalSealing(JOURNAL, { sealed: { ciphertext: 'x', imageUrls: [] } }).kind).toBe('locked');
    const key = await newKey();
    unlockedJournals.unlock(JOURNAL, key);
    expect(journalSealing(JOURNAL)).toEqual({ kind: 'sealed', key });
  });
});
