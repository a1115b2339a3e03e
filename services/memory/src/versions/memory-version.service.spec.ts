import { MEMORY_VERSION_ERROR_CODES } from '@memories/contracts';
import { DomainError } from '@memories/nest-common';
import { strictMock, type StrictMock } from '@memories/server-testing';
import type { MemoryConfig } from '../config/memory.config';
import type { MemoryAccess } from '../access/memory-access';
import { FIXTURE_OWNER, memoryRecord } from '../core/memory-record.fixture';
import type { MemorySaver } from '../core/memory-saver.service';
import { toMemory } from '../core/memory.mapper';
import type { VersionRecord } from './memory-version.record';
import type { MemoryVersionRepository } from './memory-version.repository';
import { MemoryVersionService } from './memory-version.service';

const MEMORY_ID = '44444444-4444-4444-8444-444444444444';
const VERSION_ID = '55555555-5555-4555-8555-555555555555';
const owner = { correlationId: 'c-1', userId: FIXTURE_OWNER };

const content = (text: string) => ({
  title: 'Lake',
  date: '2024-05-01T12:00:00',
  contentText: text,
  tags: ['water'],
  isDraft: true,
  thumbnailUrl: '',
  wordCount: text.split(' ').length,
});

const version: VersionRecord = {
  id: VERSION_ID,
  memoryId: MEMORY_ID,
  savedAt: new Date('2024-05-01T10:00:00Z'),
  replacedAt: new Date('2024-05-01T11:00:00Z'),
  replacedBy: 'save',
  wordCountDelta: null,
  contentJson: JSON.stringify({
    type: 'doc',
    content: [{ type: 'paragraph', content: [{ type: 'text', text: 'We rowed' }] }],
  }),
  ...content('We rowed'),
  imageSources: [],
  sealed: null,
  current: content('We rowed across'),
};

/** A version of a locked journal's memory as the trigger keeps it: the ciphertext, every plaintext column empty. */
const SEALED_IMAGE = '/api/files/owner/sealed-photo';
const sealedVersion: VersionRecord = {
  ...version,
  title: '',
  contentJson: '',
  contentText: '',
  tags: [],
  wordCount: 0,
  wordCountDelta: 0,
  imageSources: [SEALED_IMAGE],
  sealed: 'AQIDBAUGBwgJCgsMDQ4PEBESExQVFhcYGRobHB0eHyAhIiMkJSYnKCkqKywtLi8w',
  current: { ...content(''), title: '', tags: [], wordCount: 0 },
};

describe('MemoryVersionService', () => {
  let versions: StrictMock<MemoryVersionRepository>;
  let access: StrictMock<MemoryAccess>;
  let saver: StrictMock<MemorySaver>;
  let service: MemoryVersionService;

  beforeEach(() => {
    versions = strictMock<MemoryVersionRepository>('MemoryVersionRepository');
    access = strictMock<MemoryAccess>('MemoryAccess');
    saver = strictMock<MemorySaver>('MemorySaver');
    service = new MemoryVersionService(
      versions as unknown as MemoryVersionRepository,
      access as unknown as MemoryAccess,
      saver as unknown as MemorySaver,
      { FILE_URL_PREFIX: '/api/files/' } as MemoryConfig,
    );
    access.requireWritable.mockResolvedValue(memoryRecord());
  });

  it('renders a version from its document, next to the memory as it is now', async () => {
    versions.find.mockResolvedValue(version);

    const read = await service.get(owner, { id: MEMORY_ID, versionId: VERSION_ID });

    expect(read).toMatchObject({
      id: VERSION_ID,
      contentHtml: '<p>We rowed</p>',
      contentText: 'We rowed',
      current: { contentText: 'We rowed across' },
    });
    expect(read.savedAt).toBe('2024-05-01T10:00:00.000Z');
  });

  it('answers a sealed version with its ciphertext and images, rendering nothing from its empty document', async () => {
    versions.find.mockResolvedValue(sealedVersion);

    const read = await service.get(owner, { id: MEMORY_ID, versionId: VERSION_ID });

    expect(read).toMatchObject({
      id: VERSION_ID,
      title: '',
      contentJson: '',
      contentHtml: '',
      contentText: '',
      wordCountDelta: null,
      sealed: { ciphertext: sealedVersion.sealed, imageUrls: [SEALED_IMAGE] },
    });
  });

  it('answers MEMORY_VERSION_NOT_FOUND for a version the memory does not have', async () => {
    versions.find.mockResolvedValue(undefined);

    await expect(service.get(owner, { id: MEMORY_ID, versionId: VERSION_ID })).rejects.toEqual(
      new DomainError(MEMORY_VERSION_ERROR_CODES.MEMORY_VERSION_NOT_FOUND, 'Version not found', {
        id: MEMORY_ID,
        versionId: VERSION_ID,
      }),
    );
  });

  it('asks whether the caller may change the memory before anything else, so others are told it does not exist', async () => {
    access.requireWritable.mockRejectedValue(new DomainError('MEMORY_NOT_FOUND', 'Memory not found'));

    await expect(service.list(owner, { id: MEMORY_ID, paging: {} })).rejects.toMatchObject({
      code: 'MEMORY_NOT_FOUND',
    });
    await expect(service.restore(owner, { id: MEMORY_ID, versionId: VERSION_ID })).rejects.toMatchObject({
      code: 'MEMORY_NOT_FOUND',
    });
  });

  it('restores through the memory update as a restore, and offers the version it kept as the undo', async () => {
    versions.find.mockResolvedValue(version);
    versions.newestId.mockResolvedValueOnce('older-version').mockResolvedValueOnce('kept-by-restore');
    saver.update.mockResolvedValue(toMemory(memoryRecord()));

    const restored = await service.restore(owner, { id: MEMORY_ID, versionId: VERSION_ID });

    expect(saver.update).toHaveBeenCalledWith(
      owner,
      MEMORY_ID,
      {
        title: 'Lake',
        date: '2024-05-01T12:00:00',
        contentJson: version.contentJson,
        tags: ['water'],
        isDraft: true,
        thumbnailUrl: '',
      },
      'restore',
    );
    expect(restored.undoVersionId).toBe('kept-by-restore');
  });

  it('restores a sealed version by saving its ciphertext and images again, no plaintext beside them', async () => {
    versions.find.mockResolvedValue(sealedVersion);
    versions.newestId.mockResolvedValueOnce('older-version').mockResolvedValueOnce('kept-by-restore');
    saver.update.mockResolvedValue(toMemory(memoryRecord()));

    await service.restore(owner, { id: MEMORY_ID, versionId: VERSION_ID });

    expect(saver.update).toHaveBeenCalledWith(
      owner,
      MEMORY_ID,
      {
        title: '',
        date: '2024-05-01T12:00:00',
        contentJson: '',
        tags: [],
        isDraft: true,
        thumbnailUrl: '',
        sealed: { ciphertext: sealedVersion.sealed, imageUrls: [SEALED_IMAGE] },
      },
      'restore',
    );
  });

  it('offers no undo when the memory already read like the restored version', async () => {
    versions.find.mockResolvedValue(version);
    versions.newestId.mockResolvedValue('same-version');
    saver.update.mockResolvedValue(toMemory(memoryRecord()));

    await expect(service.restore(owner, { id: MEMORY_ID, versionId: VERSION_ID })).resolves.toMatchObject({
      undoVersionId: null,
    });
  });

  it('pages the history with the spec pagination object', async () => {
    const { imageSources: _images, sealed: _sealed, ...listed } = version;
    versions.list.mockResolvedValue({ records: [{ ...listed, sealed: false }], total: 11 });

    const page = await service.list(owner, { id: MEMORY_ID, paging: { page: 1, size: 10 } });

    expect(versions.list).toHaveBeenCalledWith(MEMORY_ID, { page: 1, size: 10, offset: 10, limit: 10 });
    expect(page.pagination).toMatchObject({
      currentPage: 1,
      totalElements: 11,
      totalPages: 2,
      hasNext: false,
      hasPrevious: true,
    });
    expect(page.items[0]).toEqual({
      id: VERSION_ID,
      savedAt: '2024-05-01T10:00:00.000Z',
      replacedAt: '2024-05-01T11:00:00.000Z',
      replacedBy: 'save',
      title: 'Lake',
      isDraft: true,
      wordCount: 2,
      wordCountDelta: null,
    });
  });

  it('marks a sealed version in the list, with no word change (its words are not counted)', async () => {
    versions.list.mockResolvedValue({
      records: [{ ...version, title: '', wordCount: 0, wordCountDelta: 0, sealed: true }],
      total: 1,
    });

    const page = await service.list(owner, { id: MEMORY_ID, paging: {} });

    expect(page.items[0]).toMatchObject({ id: VERSION_ID, title: '', wordCountDelta: null, sealed: true });
  });
});
