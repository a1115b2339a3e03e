import { strictMock } from '@memories/server-testing';
import type { JournalAccess } from '../access/journal-access';
import type { DefaultJournals } from './default-journals.repository';
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
  journalId: FIXTURE_JOURNAL,
  sealed: null,
  ...change,
});

/** The fixture owner's default journal (plain). */
export const FIXTURE_JOURNAL = '55555555-5555-4555-8555-555555555555';

/** DefaultJournals whose every person has FIXTURE_JOURNAL as their default. */
export function defaultJournal() {
  const defaults = strictMock<DefaultJournals>('DefaultJournals');
  defaults.of.mockResolvedValue(FIXTURE_JOURNAL);
  return defaults;
}

/** JournalAccess that finds the caller the owner of FIXTURE_JOURNAL, a plain journal. */
export function homeJournal() {
  const journals = strictMock<JournalAccess>('JournalAccess');
  const journal = {
    id: FIXTURE_JOURNAL,
    ownerId: FIXTURE_OWNER,
    name: 'Journal',
    color: '#3f6ad8',
    locked: false,
    keyEnvelope: null,
    createdAt: new Date('2024-05-01T00:00:00Z'),
    updatedAt: new Date('2024-05-01T00:00:00Z'),
  };
  const membership = { journal, role: 'owner' as const, position: 0, isDefault: true };
  journals.requireMember.mockResolvedValue(membership);
  journals.requireWriter.mockResolvedValue(membership);
  return journals;
}
