import type { Memory } from '@memories/contracts';

import type { EditorDocument } from '../utils/editor-document';

/** A document of one paragraph, as the editor reads and writes it. */
export const paragraphDocument = (text: string): EditorDocument => ({
  type: 'doc',
  content: [{ type: 'paragraph', content: [{ type: 'text', text }] }],
});

/** A saved memory for the editor's tests: "Trip", one paragraph "We went.", version 1, owned by u-erin. */
export const memoryWith = (overrides: Partial<Memory> = {}): Memory => ({
  id: 'm1',
  title: 'Trip',
  date: '2026-05-01T12:00:00',
  contentHtml: '<p>We went.</p>',
  contentJson: JSON.stringify(paragraphDocument('We went.')),
  tags: ['sea'],
  isDraft: true,
  thumbnailUrl: '',
  mood: null,
  sharedWith: [],
  userEmail: 'erin@example.com',
  ownerId: 'u-erin',
  createdAt: '2026-05-01T10:00:00Z',
  updatedAt: '2026-05-01T10:00:00Z',
  viewCount: 0,
  likeCount: 0,
  commentCount: 0,
  journalId: 'journal-1',
  wordCount: 2,
  readingTime: 1,
  version: 1,
  ...overrides,
});
