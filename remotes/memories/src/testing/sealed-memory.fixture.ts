import type { Memory } from '@memories/contracts';
import { sealMemoryContent } from '@memories/web-crypto';
import { webcrypto } from 'node:crypto';

/** A plain memory, as the list returns it. */
export const plainMemory: Memory = {
  id: 'm1',
  title: 'Lake day',
  date: '2026-07-04T12:00:00.000Z',
  contentHtml: '<p>We swam all afternoon.</p>',
  contentJson: '{}',
  tags: ['summer'],
  isDraft: false,
  thumbnailUrl: '',
  sharedWith: [],
  userEmail: 'owner@example.com',
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
  mood: null,
};

export const SEALED_TITLE = 'Under the stars';
export const SEALED_TEXT = 'Only we know.';
export const SEALED_TAG = 'night';

/**
 * A memory of a locked journal as the server sends it (its plaintext fields empty), sealed with a new journal key
 * that the test unlocks (`unlockedJournals.unlock(memory.journalId, key)`) or not.
 */
export async function sealedMemory(): Promise<{ memory: Memory; key: CryptoKey }> {
  // jsdom has no crypto.subtle; Node's WebCrypto is the one browsers have.
  Object.defineProperty(globalThis, 'crypto', { value: webcrypto, configurable: true });
  const journalId = 'journal-locked';
  const key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
  const contentJson = JSON.stringify({
    type: 'doc',
    content: [{ type: 'paragraph', content: [{ type: 'text', text: SEALED_TEXT }] }],
  });
  const ciphertext = await sealMemoryContent(key, journalId, {
    title: SEALED_TITLE,
    contentJson,
    tags: [SEALED_TAG],
    thumbnailUrl: '',
  });
  const memory: Memory = {
    ...plainMemory,
    id: 'm2',
    journalId,
    title: '',
    contentJson: '',
    contentHtml: '',
    tags: [],
    wordCount: 0,
    readingTime: 0,
    sealed: { ciphertext, imageUrls: [] },
  };
  return { memory, key };
}
