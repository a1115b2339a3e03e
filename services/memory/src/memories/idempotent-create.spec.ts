import type { BusEventPublisher } from '@memories/nest-common';
import { strictMock } from '@memories/server-testing';
import type { MemoryAccess } from '../access/memory-access';
import type { JournalAccess } from '../access/journal-access';
import type { MemoryConfig } from '../config/memory.config';
import type { DefaultJournals } from '../core/default-journals.repository';
import { idempotentMemoryId } from '../core/idempotent-create.util';
import { MemoryEvents } from '../core/memory-events';
import { FIXTURE_OWNER, defaultJournal, homeJournal, memoryRecord } from '../core/memory-record.fixture';
import { MemorySaver } from '../core/memory-saver.service';
import type { MemoryStore } from '../core/memory-store.repository';
import type { MemoryRepository } from './memory.repository';
import { MemoryService } from './memory.service';

const OWNER = FIXTURE_OWNER;
const OTHER = '22222222-2222-4222-8222-222222222222';
const KEY = 'retry-7f3a';
const caller = { correlationId: 'c-1', userId: OWNER };
const memory = {
  title: 'A day at the sea',
  date: '2024-05-01',
  contentJson: JSON.stringify({
    type: 'doc',
    content: [{ type: 'paragraph', content: [{ type: 'text', text: 'We swam' }] }],
  }),
};

const record = (id: string) => memoryRecord({ id, contentJson: memory.contentJson });

/** Publishes nothing anywhere: the events of a create are the memory events spec's concern. */
function publisher(): BusEventPublisher {
  const events = strictMock<BusEventPublisher>('BusEventPublisher');
  events.publish.mockResolvedValue(true);
  return events as unknown as BusEventPublisher;
}

describe('a create with an Idempotency-Key', () => {
  const id = idempotentMemoryId(OWNER, KEY);
  let store: ReturnType<typeof strictMock<MemoryStore>>;
  let service: MemoryService;

  beforeEach(() => {
    store = strictMock<MemoryStore>('MemoryStore');
    const access = strictMock<MemoryAccess>('MemoryAccess') as unknown as MemoryAccess;
    const journals = homeJournal() as unknown as JournalAccess;
    const events = new MemoryEvents(publisher());
    const saver = new MemorySaver(
      store as unknown as MemoryStore,
      access,
      journals,
      defaultJournal() as unknown as DefaultJournals,
      events,
      { FILE_URL_PREFIX: '/api/files/' } as MemoryConfig,
    );
    service = new MemoryService(
      access,
      saver,
      store as unknown as MemoryStore,
      strictMock<MemoryRepository>('MemoryRepository') as unknown as MemoryRepository,
      events,
      journals,
    );
  });

  it('gets an id that depends on the owner and the key only', () => {
    expect(idempotentMemoryId(OWNER, KEY)).toBe(id);
    expect(idempotentMemoryId(OTHER, KEY)).not.toBe(id);
    expect(idempotentMemoryId(OWNER, 'another key')).not.toBe(id);
  });

  it('inserts the memory under that id the first time', async () => {
    store.findById.mockResolvedValue(undefined);
    store.insert.mockResolvedValue(record(id));

    await expect(
      service.create(caller, { memory, ownerEmail: 'owner@example.com', idempotencyKey: KEY }),
    ).resolves.toMatchObject({ id });
    expect(store.insert).toHaveBeenCalledWith(OWNER, 'owner@example.com', expect.anything(), [], id);
  });

  it('answers the memory the first attempt made when it is sent again, without inserting', async () => {
    store.findById.mockResolvedValue(record(id));

    await expect(
      service.create(caller, { memory, ownerEmail: 'owner@example.com', idempotencyKey: KEY }),
    ).resolves.toMatchObject({ id });
    expect(store.insert).not.toHaveBeenCalled();
  });

  it('answers the memory a simultaneous copy inserted first', async () => {
    store.findById.mockResolvedValueOnce(undefined).mockResolvedValueOnce(record(id));
    store.insert.mockRejectedValue(Object.assign(new Error('duplicate key'), { code: '23505' }));

    await expect(
      service.create(caller, { memory, ownerEmail: 'owner@example.com', idempotencyKey: KEY }),
    ).resolves.toMatchObject({ id });
  });

  it('lets any other insert failure through', async () => {
    const failure = new Error('disk full');
    store.findById.mockResolvedValue(undefined);
    store.insert.mockRejectedValue(failure);

    await expect(service.create(caller, { memory, ownerEmail: 'owner@example.com', idempotencyKey: KEY })).rejects.toBe(
      failure,
    );
  });
});
