import type { MemoryRecord } from './memory.record';

/** The owner of the fixture record, for the unit specs of the memory service. */
export const FIXTURE_OWNER = '11111111-1111-4111-8111-111111111111';

/**
 * A stored memory as the repository answers it: one paragraph "We swam", a draft, no images; override what a test
 * needs.
 */
export const memoryRecord = (change: Partial<MemoryRecord> = {}): MemoryRecord => ({
  id: '44444444-4444-4444-8444-444444444444',
  userId: FIXTURE_OWNER,
  userEmail: 'owner@example.com',
  title: 'A day at the sea',
  date: '2024-05-01T12:00:00',
  contentJson: JSON.stringify({
    type: 'doc',
    content: [{ type: 'paragraph', content: [{ type: 'text', text: 'We swam' }] }],
  }),
  contentHtml: '<p>We swam</p>',
  tags: [],
  isDraft: true,
  thumbnailUrl: '',
  imageSources: [],
  sharedWith: [],
  wordCount: 2,
  readingTime: 1,
  viewCount: 0,
  likeCount: 0,
  commentCount: 0,
  createdAt: new Date('2024-05-02T08:00:00Z'),
  updatedAt: new Date('2024-05-02T08:00:00Z'),
  version: 1,
  mood: null,
  ...change,
});
