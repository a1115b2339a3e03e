import type { ImportedMemoryInput } from '@memories/contracts';
import { strictMock, type StrictMock } from '@memories/server-testing';
import type { MemoryAccess } from '../access/memory-access';
import type { JournalAccess } from '../access/journal-access';
import type { MemoryConfig } from '../config/memory.config';
import type { DefaultJournals } from '../core/default-journals.repository';
import type { MemoryEvents } from '../core/memory-events';
import { FIXTURE_OWNER, defaultJournal, homeJournal, memoryRecord } from '../core/memory-record.fixture';
import type { ImportedJournals } from '../core/imported-journals.repository';
import { MemorySaver } from '../core/memory-saver.service';
import type { MemoryStore } from '../core/memory-store.repository';
import type { ImportedRow, MemoryTransferRepository } from './memory-transfer.repository';
import { MemoryTransferService, importedMemoryId } from './memory-transfer.service';

const OWNER = FIXTURE_OWNER;
const FRIEND = '22222222-2222-4222-8222-222222222222';
const ORIGINAL = '55555555-5555-4555-8555-555555555555';
const caller = { correlationId: 'c-1', userId: OWNER };

const item = (
  sourceKey: string,
  change: Partial<ImportedMemoryInput['memory']> = {},
  extra: Partial<ImportedMemoryInput> = {},
): ImportedMemoryInput => ({
  sourceKey,
  memory: {
    title: ' Imported ',
    date: '2021-03-03T22:48:50',
    contentJson: {
      type: 'doc',
      content: [{ type: 'paragraph', content: [{ type: 'text', text: 'From <b>elsewhere</b>' }] }],
    },
    tags: ['travel', 'travel'],
    isDraft: false,
    sharedWith: [FRIEND, OWNER],
    ...change,
  },
  createdAt: '2021-03-03T11:48:50.000Z',
  ...extra,
});

describe('MemoryTransferService', () => {
  let transfer: StrictMock<MemoryTransferRepository>;
  let service: MemoryTransferService;
  let imported: StrictMock<ImportedJournals>;

  beforeEach(() => {
    transfer = strictMock<MemoryTransferRepository>('MemoryTransferRepository');
    const saver = new MemorySaver(
      strictMock<MemoryStore>('MemoryStore') as unknown as MemoryStore,
      strictMock<MemoryAccess>('MemoryAccess') as unknown as MemoryAccess,
      homeJournal() as unknown as JournalAccess,
      defaultJournal() as unknown as DefaultJournals,
      strictMock<MemoryEvents>('MemoryEvents') as unknown as MemoryEvents,
      { FILE_URL_PREFIX: '/api/files/' } as MemoryConfig,
    );
    imported = strictMock<ImportedJournals>('ImportedJournals');
    imported.place.mockResolvedValue(new Map());
    service = new MemoryTransferService(
      saver,
      transfer as unknown as MemoryTransferRepository,
      imported as unknown as ImportedJournals,
    );
  });

  it('saves imported memories through the editor save rules, with their source dates, keyed by their source', async () => {
    transfer.ownedIds.mockResolvedValue(new Set());
    transfer.insertImported.mockImplementation(
      async (_owner, _email, rows: ImportedRow[]) => new Set(rows.map((row) => row.id)),
    );
    const { results } = await service.importPage(caller, { ownerEmail: 'me@example.com', items: [item('dayone:A1')] });
    const id = importedMemoryId(OWNER, 'dayone:A1');
    expect(results).toEqual([{ sourceKey: 'dayone:A1', status: 'created', id }]);
    const [[, email, [row]]] = transfer.insertImported.mock.calls;
    expect(email).toBe('me@example.com');
    expect(row).toMatchObject({ id, sharedWith: [FRIEND], createdAt: new Date('2021-03-03T11:48:50.000Z') });
    expect(row.write).toMatchObject({
      title: 'Imported',
      tags: ['travel'],
      date: '2021-03-03T22:48:50',
      contentText: 'From <b>elsewhere</b>',
    });
    expect(row.write.contentHtml).toBe('<p>From &lt;b&gt;elsewhere&lt;/b&gt;</p>');
  });

  it('creates nothing for an entry imported before, or for a memory of our own export the caller still has', async () => {
    transfer.ownedIds.mockResolvedValue(new Set([importedMemoryId(OWNER, 'dayone:A1'), ORIGINAL]));
    transfer.insertImported.mockResolvedValue(new Set());
    const { results } = await service.importPage(caller, {
      ownerEmail: 'me@example.com',
      items: [item('dayone:A1'), item(`memories:${ORIGINAL}`, {}, { originalId: ORIGINAL })],
    });
    expect(results.map((result) => [result.status, result.id])).toEqual([
      ['existing', importedMemoryId(OWNER, 'dayone:A1')],
      ['existing', ORIGINAL],
    ]);
    expect(transfer.insertImported).toHaveBeenCalledWith(OWNER, 'me@example.com', []);
  });

  it('fails one entry alone with the words a save would get, and counts a row another run inserted first as existing', async () => {
    transfer.ownedIds.mockResolvedValue(new Set());
    transfer.insertImported.mockResolvedValue(new Set());
    const { results } = await service.importPage(caller, {
      ownerEmail: 'me@example.com',
      items: [
        item('markdown:empty.md', { title: '   ' }),
        item('markdown:bad-date.md', { date: '2021-02-30' }),
        item('markdown:raced.md'),
      ],
    });
    expect(results).toEqual([
      { sourceKey: 'markdown:empty.md', status: 'failed', message: 'Title is required' },
      { sourceKey: 'markdown:bad-date.md', status: 'failed', message: expect.stringContaining('date must be a date') },
      { sourceKey: 'markdown:raced.md', status: 'existing', id: importedMemoryId(OWNER, 'markdown:raced.md') },
    ]);
  });

  it('pages the export after the cursor and says where the next page starts', async () => {
    const record = memoryRecord({ id: ORIGINAL });
    transfer.pageAfter.mockResolvedValue([
      { record, position: { createdAt: '2024-01-01T00:00:00.000001Z', id: ORIGINAL } },
    ]);
    const page = await service.exportPage(caller, { after: { createdAt: '2023-01-01T00:00:00.000000Z', id: FRIEND } });
    expect(transfer.pageAfter).toHaveBeenCalledWith(
      OWNER,
      { createdAt: '2023-01-01T00:00:00.000000Z', id: FRIEND },
      100,
      4 * 1024 * 1024,
    );
    expect(page.memories.map((memory) => memory.id)).toEqual([ORIGINAL]);
    expect(page.next).toEqual({ createdAt: '2024-01-01T00:00:00.000001Z', id: ORIGINAL });
  });
});
