import { MEMORY_ERROR_CODES, MEMORY_EVENTS, type MemoryInput } from '@memories/contracts';
import type { BusEventPublisher } from '@memories/nest-common';
import { strictMock, type StrictMock } from '@memories/server-testing';
import type { JournalAccess } from '../access/journal-access';
import { memoryNotFound, type MemoryAccess } from '../access/memory-access';
import type { DefaultJournals } from '../core/default-journals.repository';
import type { MemoryConfig } from '../config/memory.config';
import { MemoryEvents } from '../core/memory-events';
import {
  FIXTURE_JOURNAL,
  FIXTURE_OWNER,
  defaultJournal,
  homeJournal,
  memoryRecord,
} from '../core/memory-record.fixture';
import { MemorySaver } from '../core/memory-saver.service';
import type { MemoryStore } from '../core/memory-store.repository';
import type { MemoryRecord } from '../core/memory.record';
import type { MemoryRepository } from './memory.repository';
import { MemoryService } from './memory.service';

const OWNER = FIXTURE_OWNER;
const FRIEND = '22222222-2222-4222-8222-222222222222';
const STRANGER = '33333333-3333-4333-8333-333333333333';
const MEMORY_ID = '44444444-4444-4444-8444-444444444444';
const IMAGE = '/api/files/u1/photo.png';

const doc = (text: string, image?: string) =>
  JSON.stringify({
    type: 'doc',
    content: [
      { type: 'paragraph', content: [{ type: 'text', text }] },
      ...(image ? [{ type: 'image', attrs: { src: image } }] : []),
    ],
  });

const input = (change: Partial<MemoryInput> = {}): MemoryInput => ({
  title: '  A day at the sea ',
  date: '2024-05-01',
  contentJson: doc('We swam all afternoon', IMAGE),
  contentHtml: '<script>alert(1)</script>',
  tags: [' sea ', 'summer', 'sea', ''],
  thumbnailUrl: IMAGE,
  ...change,
});

const record = (change: Partial<MemoryRecord> = {}) =>
  memoryRecord({ id: MEMORY_ID, contentJson: doc('We swam'), tags: ['sea'], imageSources: [IMAGE], ...change });

const as = (userId?: string) => ({ correlationId: 'c-1', userId });

describe('MemoryService', () => {
  let access: StrictMock<MemoryAccess>;
  let store: StrictMock<MemoryStore>;
  let repository: StrictMock<MemoryRepository>;
  let events: StrictMock<BusEventPublisher>;
  let journals: StrictMock<JournalAccess>;
  let service: MemoryService;

  beforeEach(() => {
    access = strictMock<MemoryAccess>('MemoryAccess');
    store = strictMock<MemoryStore>('MemoryStore');
    repository = strictMock<MemoryRepository>('MemoryRepository');
    events = strictMock<BusEventPublisher>('BusEventPublisher');
    events.publish.mockResolvedValue(true);
    journals = homeJournal();
    const defaults = defaultJournal();
    const memoryEvents = new MemoryEvents(events as unknown as BusEventPublisher);
    const saver = new MemorySaver(
      store as unknown as MemoryStore,
      access as unknown as MemoryAccess,
      journals as unknown as JournalAccess,
      defaults as unknown as DefaultJournals,
      memoryEvents,
      { FILE_URL_PREFIX: '/api/files/' } as MemoryConfig,
    );
    service = new MemoryService(
      access as unknown as MemoryAccess,
      saver,
      store as unknown as MemoryStore,
      repository as unknown as MemoryRepository,
      memoryEvents,
      journals as unknown as JournalAccess,
    );
  });

  describe('create', () => {
    it('derives HTML, text and counts from contentJson, ignores the client HTML and appends 12:00 to a bare date', async () => {
      store.insert.mockResolvedValue(record());

      await service.create(as(OWNER), { memory: input(), ownerEmail: 'owner@example.com' });

      const [userId, email, write, sharedWith] = store.insert.mock.calls[0];
      expect([userId, email, sharedWith]).toEqual([OWNER, 'owner@example.com', []]);
      expect(write).toMatchObject({
        title: 'A day at the sea',
        date: '2024-05-01T12:00:00',
        contentText: expect.stringContaining('We swam all afternoon'),
        tags: ['sea', 'summer'],
        isDraft: true,
        thumbnailUrl: IMAGE,
        imageSources: [IMAGE],
        wordCount: 4,
        readingTime: 1,
      });
      expect(write.contentHtml).toContain('<p>We swam all afternoon</p>');
      expect(write.contentHtml).not.toContain('script');
    });

    it('announces the new memory by id, journal, date, title and tags, never its content', async () => {
      store.insert.mockResolvedValue(record({ title: 'A day at the sea', date: '2024-05-01T12:00:00' }));

      await service.create(as(OWNER), { memory: input(), ownerEmail: 'owner@example.com' });

      expect(events.publish).toHaveBeenCalledWith(
        MEMORY_EVENTS.created,
        {
          eventId: expect.any(String),
          memoryId: MEMORY_ID,
          ownerId: OWNER,
          memory: {
            id: MEMORY_ID,
            journal: FIXTURE_JOURNAL,
            date: '2024-05-01',
            title: 'A day at the sea',
            tags: ['sea'],
          },
          occurredAt: expect.any(String),
        },
        { correlationId: 'c-1', userId: OWNER },
      );
    });

    it('answers the memory in the API shape', async () => {
      store.insert.mockResolvedValue(record());

      const memory = await service.create(as(OWNER), { memory: input(), ownerEmail: 'owner@example.com' });

      // As it goes out (JSON): a plain memory carries no `sealed`.
      expect(Object.keys(JSON.parse(JSON.stringify(memory))).sort()).toEqual(
        [
          'id',
          'title',
          'date',
          'contentHtml',
          'contentJson',
          'tags',
          'isDraft',
          'thumbnailUrl',
          'sharedWith',
          'userEmail',
          'ownerId',
          'createdAt',
          'updatedAt',
          'viewCount',
          'likeCount',
          'mood',
          'commentCount',
          'wordCount',
          'readingTime',
          'version',
          'journalId',
        ].sort(),
      );
      expect(memory.createdAt).toBe('2024-05-02T08:00:00.000Z');
      expect(memory.journalId).toBe(FIXTURE_JOURNAL);
    });

    it('refuses a thumbnail that is not one of the content images', async () => {
      await expect(
        service.create(as(OWNER), {
          memory: input({ thumbnailUrl: '/api/files/u1/other.png' }),
          ownerEmail: 'o@example.com',
        }),
      ).rejects.toMatchObject({ code: MEMORY_ERROR_CODES.MEMORY_THUMBNAIL_INVALID });
    });

    it('refuses content that is not an editor document', async () => {
      await expect(
        service.create(as(OWNER), {
          memory: input({ contentJson: '{"type":"paragraph"' }),
          ownerEmail: 'o@example.com',
        }),
      ).rejects.toMatchObject({ code: MEMORY_ERROR_CODES.MEMORY_CONTENT_INVALID });
    });

    it('refuses an impossible date with a clear message', async () => {
      await expect(
        service.create(as(OWNER), { memory: input({ date: '2024-02-30' }), ownerEmail: 'o@example.com' }),
      ).rejects.toMatchObject({
        code: MEMORY_ERROR_CODES.MEMORY_DATE_INVALID,
        message: expect.stringContaining('date must be'),
      });
    });

    it('never shares a memory with its own owner', async () => {
      store.insert.mockResolvedValue(record());

      await service.create(as(OWNER), {
        memory: input({ sharedWith: [OWNER, FRIEND, FRIEND] }),
        ownerEmail: 'o@example.com',
      });

      expect(store.insert.mock.calls[0][3]).toEqual([FRIEND]);
    });

    it('needs an authenticated caller', async () => {
      await expect(
        service.create(as(undefined), { memory: input(), ownerEmail: 'o@example.com' }),
      ).rejects.toMatchObject({
        code: 'UNAUTHORIZED',
      });
    });
  });

  describe('access', () => {
    it('lets a user the memory is shared with read it, counting a view', async () => {
      access.requireReadable.mockResolvedValue({ record: record({ viewCount: 4 }), authored: false });
      repository.incrementViewCount.mockResolvedValue(5);

      await expect(service.get(as(FRIEND), MEMORY_ID)).resolves.toMatchObject({ id: MEMORY_ID, viewCount: 5 });
      expect(access.requireReadable).toHaveBeenCalledWith({ correlationId: 'c-1', userId: FRIEND }, MEMORY_ID);
    });

    it('does not count the author reading their own memory as a view', async () => {
      access.requireReadable.mockResolvedValue({ record: record({ viewCount: 4 }), authored: true });

      await expect(service.get(as(OWNER), MEMORY_ID)).resolves.toMatchObject({ viewCount: 4 });
    });

    it.each([
      ['update', 'requireWritable', (s: MemoryService) => s.update(as(FRIEND), { id: MEMORY_ID, memory: input() })],
      ['delete', 'requireWritable', (s: MemoryService) => s.delete(as(FRIEND), MEMORY_ID)],
      ['publish', 'requireWritable', (s: MemoryService) => s.publish(as(FRIEND), MEMORY_ID)],
      ['share', 'requireOwned', (s: MemoryService) => s.share(as(FRIEND), { id: MEMORY_ID, userIds: [STRANGER] })],
    ] as const)('asks MemoryAccess before %s and changes nothing when it refuses', async (_name, check, call) => {
      access[check].mockRejectedValue(memoryNotFound(MEMORY_ID));

      await expect(call(service)).rejects.toMatchObject({ code: 'MEMORY_NOT_FOUND', message: 'Memory not found' });
      expect(access[check]).toHaveBeenCalledWith({ correlationId: 'c-1', userId: FRIEND }, MEMORY_ID);
    });
  });

  describe('update, publish, delete, share', () => {
    it('keeps the draft state and the shares when the update does not mention them', async () => {
      access.requireWritable.mockResolvedValue(record({ isDraft: false }));
      store.update.mockResolvedValue(record({ isDraft: false }));

      await service.update(as(OWNER), { id: MEMORY_ID, memory: input({ isDraft: undefined, sharedWith: undefined }) });

      const [, write, sharedWith] = store.update.mock.calls[0];
      expect(write.isDraft).toBe(false);
      expect(sharedWith).toBeUndefined();
    });

    it('writes a save based on the current version only if it is still current', async () => {
      access.requireWritable.mockResolvedValue(record({ version: 4 }));
      store.update.mockResolvedValue(record({ version: 5 }));

      await expect(service.update(as(OWNER), { id: MEMORY_ID, memory: input({ version: 4 }) })).resolves.toMatchObject({
        version: 5,
      });
      expect(store.update.mock.calls[0][4]).toBe(4);
    });

    it('refuses a save based on an older version with the current memory, without deriving or writing anything', async () => {
      access.requireWritable.mockResolvedValue(record({ title: 'Theirs', version: 5 }));

      const refused = service.update(as(OWNER), { id: MEMORY_ID, memory: input({ version: 4 }) });

      await expect(refused).rejects.toMatchObject({
        code: 'MEMORY_VERSION_CONFLICT',
        message: 'This memory was changed elsewhere since this version was loaded',
        detail: { current: { id: MEMORY_ID, title: 'Theirs', version: 5 } },
      });
    });

    it('answers the winner when another save took the version between the check and the write', async () => {
      access.requireWritable
        .mockResolvedValueOnce(record({ version: 4 }))
        .mockResolvedValueOnce(record({ title: 'Winner', version: 5 }));
      store.update.mockResolvedValue(undefined);

      await expect(service.update(as(OWNER), { id: MEMORY_ID, memory: input({ version: 4 }) })).rejects.toMatchObject({
        code: 'MEMORY_VERSION_CONFLICT',
        detail: { current: { title: 'Winner', version: 5 } },
      });
    });

    it('answers 404 when the memory was deleted between the check and the write', async () => {
      access.requireWritable.mockResolvedValueOnce(record()).mockRejectedValueOnce(memoryNotFound(MEMORY_ID));
      store.update.mockResolvedValue(undefined);

      await expect(service.update(as(OWNER), { id: MEMORY_ID, memory: input() })).rejects.toMatchObject({
        code: 'MEMORY_NOT_FOUND',
      });
    });

    it('publishes a draft', async () => {
      access.requireWritable.mockResolvedValue(record());
      repository.publish.mockResolvedValue(record({ isDraft: false }));

      await expect(service.publish(as(OWNER), MEMORY_ID)).resolves.toMatchObject({ isDraft: false });
    });

    it('records a plain save, an auto-save and a restore as such for the version history', async () => {
      access.requireWritable.mockResolvedValue(record());
      store.update.mockResolvedValue(record());

      await service.update(as(OWNER), { id: MEMORY_ID, memory: input() });
      await service.update(as(OWNER), { id: MEMORY_ID, memory: input(), autoSave: true });
      await service.update(as(OWNER), { id: MEMORY_ID, memory: input() }, 'restore');

      expect(store.update.mock.calls.map((call) => call[3])).toEqual(['save', 'auto', 'restore']);
    });

    it('announces every change written (a save, an auto-save, a restore, a publish) and nothing for a refused one', async () => {
      access.requireWritable.mockResolvedValue(record({ version: 5 }));
      store.update.mockResolvedValue(record({ version: 6 }));
      repository.publish.mockResolvedValue(record({ isDraft: false, version: 7 }));

      await service.update(as(OWNER), { id: MEMORY_ID, memory: input() });
      await service.update(as(OWNER), { id: MEMORY_ID, memory: input(), autoSave: true });
      await service.update(as(OWNER), { id: MEMORY_ID, memory: input() }, 'restore');
      await service.publish(as(OWNER), MEMORY_ID);
      await expect(service.update(as(OWNER), { id: MEMORY_ID, memory: input({ version: 4 }) })).rejects.toMatchObject({
        code: 'MEMORY_VERSION_CONFLICT',
      });

      expect(events.publish).toHaveBeenCalledTimes(4);
      expect(events.publish).toHaveBeenCalledWith(
        MEMORY_EVENTS.updated,
        {
          eventId: expect.any(String),
          memoryId: MEMORY_ID,
          ownerId: OWNER,
          memory: {
            id: MEMORY_ID,
            journal: FIXTURE_JOURNAL,
            date: expect.any(String),
            title: expect.any(String),
            tags: ['sea'],
          },
          occurredAt: expect.any(String),
        },
        { correlationId: 'c-1', userId: OWNER },
      );
      expect(events.publish.mock.calls.every(([subject]) => subject === MEMORY_EVENTS.updated)).toBe(true);
    });

    it('deletes and announces the images the memory and its kept versions used', async () => {
      const OLD_IMAGE = '/api/files/u1/old.png';
      access.requireWritable.mockResolvedValue(record());
      repository.delete.mockResolvedValue([IMAGE, OLD_IMAGE]);

      await expect(service.delete(as(OWNER), MEMORY_ID)).resolves.toEqual({
        id: MEMORY_ID,
        imageSources: [IMAGE, OLD_IMAGE],
      });
      expect(events.publish).toHaveBeenCalledWith(
        MEMORY_EVENTS.deleted,
        {
          eventId: expect.any(String),
          memoryId: MEMORY_ID,
          ownerId: OWNER,
          imageSources: [IMAGE, OLD_IMAGE],
          deletedAt: expect.any(String),
          memory: {
            id: MEMORY_ID,
            journal: FIXTURE_JOURNAL,
            date: expect.any(String),
            title: expect.any(String),
            tags: ['sea'],
          },
        },
        { correlationId: 'c-1', userId: OWNER },
      );
    });

    it('adds share recipients without the owner', async () => {
      access.requireOwned.mockResolvedValue(record());
      repository.addShares.mockResolvedValue(record({ sharedWith: [FRIEND] }));

      await expect(service.share(as(OWNER), { id: MEMORY_ID, userIds: [FRIEND, OWNER] })).resolves.toMatchObject({
        sharedWith: [FRIEND],
      });
      expect(repository.addShares).toHaveBeenCalledWith(MEMORY_ID, [FRIEND]);
    });
  });

  describe('lists', () => {
    it('lists newest first by default with zero-based pagination', async () => {
      repository.list.mockResolvedValue({ records: [record()], total: 21 });

      const page = await service.list(as(OWNER), { page: 1 });

      expect(repository.list).toHaveBeenCalledWith(
        { owner: OWNER },
        expect.objectContaining({ sortBy: 'createdAt', sortDirection: 'desc' }),
        { page: 1, size: 10, offset: 10, limit: 10 },
      );
      expect(page.pagination).toEqual({
        currentPage: 1,
        pageSize: 10,
        totalPages: 3,
        totalElements: 21,
        hasPrevious: true,
        hasNext: true,
      });
    });

    it('sorts titles A-Z by default and turns a bare dateTo into the end of that day', async () => {
      repository.list.mockResolvedValue({ records: [], total: 0 });

      await service.list(as(OWNER), { sortBy: 'title', dateFrom: '2024-05-01', dateTo: '2024-05-31' });

      expect(repository.list.mock.calls[0][1]).toMatchObject({
        sortDirection: 'asc',
        dateFrom: '2024-05-01T00:00:00',
        dateBefore: '2024-06-01T00:00:00',
      });
    });

    it('refuses an invalid dateFrom', async () => {
      await expect(service.list(as(OWNER), { dateFrom: 'yesterday' })).rejects.toMatchObject({
        code: 'MEMORY_DATE_INVALID',
      });
    });

    it("lists the caller's tags and the memories shared with the caller", async () => {
      repository.distinctTags.mockResolvedValue(['sea', 'summer']);
      repository.listSharedWith.mockResolvedValue({ records: [record()], total: 1 });

      await expect(service.tags(as(OWNER))).resolves.toEqual({ tags: ['sea', 'summer'] });
      await expect(service.sharedWithMe(as(FRIEND), { size: 5 })).resolves.toMatchObject({
        pagination: { totalElements: 1, totalPages: 1, hasNext: false, hasPrevious: false },
      });
      expect(repository.listSharedWith).toHaveBeenCalledWith(FRIEND, { page: 0, size: 5, offset: 0, limit: 5 });
    });
  });
});
