import type { MemoryInput } from '@memories/contracts';
import { unlockedJournals } from '@memories/web-crypto';
import { webcrypto } from 'node:crypto';
import { PLAIN_IMAGE_IN_LOCKED_JOURNAL, SEALED_IMAGE_OUTSIDE_LOCKED_JOURNAL, sealedForItsJournal } from './sealed-save';

const VAULT = 'c0ffee00-0000-4000-8000-0000000000b2';
const PLAIN_JOURNAL = 'c0ffee00-0000-4000-8000-0000000000b3';
const SEALED_IMAGE = '/api/files/users/u1/0b7e2f1c-6d1a-4a55-9a0e-6c1f2b3a4d5e.sealed';
const PLAIN_IMAGE = '/api/files/users/u1/1c8f3a2d-7e2b-4b66-8b1f-7d2a3c4b5e6f.png';

const withImage = (src: string, journalId: string): MemoryInput => ({
  title: 'Quince lantern',
  date: '2026-05-01',
  contentJson: JSON.stringify({
    type: 'doc',
    content: [
      { type: 'paragraph', content: [{ type: 'text', text: 'Harbour' }] },
      { type: 'image', attrs: { src } },
    ],
  }),
  tags: [],
  journalId,
});
const create = (input: MemoryInput) =>
  sealedForItsJournal({ kind: 'create', idempotencyKey: 'k', createAttempts: 1, input, autoSave: false });

describe('a save as it leaves the editor, with images', () => {
  beforeAll(async () => {
    // jsdom has no crypto.subtle; Node's WebCrypto is the one browsers have.
    Object.defineProperty(globalThis, 'crypto', { value: webcrypto, configurable: true });
    const key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
    unlockedJournals.unlock(VAULT, key);
  });
  afterAll(() => unlockedJournals.lockAll());

  it('names the encrypted images of a locked journal’s memory beside its ciphertext', async () => {
    const sent = await create(withImage(SEALED_IMAGE, VAULT));

    expect(sent.input.sealed?.imageUrls).toEqual([SEALED_IMAGE]);
    expect(sent.input.contentJson).toBe('');
  });

  it('refuses an unencrypted image in a locked journal, and an encrypted one outside it', async () => {
    await expect(create(withImage(PLAIN_IMAGE, VAULT))).rejects.toThrow(PLAIN_IMAGE_IN_LOCKED_JOURNAL);
    await expect(create(withImage(SEALED_IMAGE, PLAIN_JOURNAL))).rejects.toThrow(SEALED_IMAGE_OUTSIDE_LOCKED_JOURNAL);
  });

  it('sends a plain journal’s memory with its images as it is', async () => {
    const input = withImage(PLAIN_IMAGE, PLAIN_JOURNAL);

    expect((await create(input)).input).toBe(input);
  });
});
