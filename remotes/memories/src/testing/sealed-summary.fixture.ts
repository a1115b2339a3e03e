import type { MemoryMood, MemorySummary } from '@memories/contracts';
import { sealMemoryContent } from '@memories/web-crypto';
import { webcrypto } from 'node:crypto';
import { SEALED_TAG, SEALED_TEXT, SEALED_TITLE } from './sealed-memory.fixture';

/** A plain memory as the timeline and On This Day carry it. */
export const plainSummary: MemorySummary = {
  id: 'm1',
  journalId: 'journal-1',
  title: 'Lake day',
  date: '2026-07-04T12:00:00',
  imageUrl: '/api/files/users/u1/a.png',
  isDraft: false,
  tags: ['summer'],
  excerpt: 'We swam all afternoon.',
  mood: null,
};

export const SEALED_MOOD: MemoryMood = 4;

/**
 * A memory of a locked journal as the timeline and On This Day carry it (no plaintext, no picture, its images'
 * addresses only in `sealed`), sealed with a new journal key that the test unlocks or not.
 */
export async function sealedSummary(text = SEALED_TEXT): Promise<{ summary: MemorySummary; key: CryptoKey }> {
  // jsdom has no crypto.subtle; Node's WebCrypto is the one browsers have.
  Object.defineProperty(globalThis, 'crypto', { value: webcrypto, configurable: true });
  const journalId = 'journal-locked';
  const key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
  const contentJson = JSON.stringify({
    type: 'doc',
    content: [{ type: 'paragraph', content: [{ type: 'text', text }] }],
  });
  const ciphertext = await sealMemoryContent(key, journalId, {
    title: SEALED_TITLE,
    contentJson,
    tags: [SEALED_TAG],
    thumbnailUrl: '/api/files/users/u1/sealed-image',
    plainFields: { mood: SEALED_MOOD },
  });
  const summary: MemorySummary = {
    ...plainSummary,
    id: 'm2',
    journalId,
    title: '',
    imageUrl: '',
    tags: [],
    excerpt: '',
    sealed: { ciphertext, imageUrls: ['/api/files/users/u1/sealed-image'] },
  };
  return { summary, key };
}
