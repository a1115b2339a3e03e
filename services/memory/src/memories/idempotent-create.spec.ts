import type { BusEventPublisher } from '@memories/nest-common';
import { strictMock } from '@memories/server-testing';
import type { MemoryConfig } from '../config/memory.config';
import { idempotentMemoryId } from './idempotent-create.util';
import { FIXTURE_OWNER, memoryRecord } from './memory-record.fixture';
import type { MemoryRepository } from './memory.repository';
import { MemoryService } from './memory.service';
import { MemoryEvents } from './memory-events';

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
  let repository: ReturnType<typeof strictMock<MemoryRepository>>;
  let service: MemoryService;

  beforeEach(() => {
    repository = strictMock<MemoryRepository>('MemoryRepository');
    service = new MemoryService(repository as unknown as MemoryRepository, new MemoryEvents(publisher()), {
      FILE_URL_PREFIX: '/api/files/',
    } as MemoryConfig);
  });

  it('gets an id that depends on the owner and the key only', () => {
    expect(idempotentMemoryId(OWNER, KEY)).toBe(id);
    expect(idempotentMemoryId(OTHER, KEY)).not.toBe(id);
    expect(idempotentMemoryId(OWNER, 'another key')).not.toBe(id);
  });

  it('inserts the memory under that id the first time', async () => {
    repository.findById.mockResolvedValue(undefined);
    repository.insert.mockResolvedValue(record(id));

    await expect(
      service.create(caller, { memory, ownerEmail: 'owner@example.com', idempotencyKey: KEY }),
    ).resolves.toMatchObject({ id });
    expect(repository.insert).toHaveBeenCalledWith(OWNER, 'owner@example.com', expect.anything(), [], id);
  });

  it('answers the memory the first attempt made when it is sent again, without inserting', async () => {
    repository.findById.mockResolvedValue(record(id));

    await expect(
      service.create(caller, { memory, ownerEmail: 'owner@example.com', idempotencyKey: KEY }),
    ).resolves.toMatchObject({ id });
    expect(repository.insert).not.toHaveBeenCalled();
  });

  it('answers the memory a simultaneous copy inserted first', async () => {
    repository.findById.mockResolvedValueOnce(undefined).mockResolvedValueOnce(record(id));
    repository.insert.mockRejectedValue({ message: 'duplicate key', driverError: { code: '23505' } });

    await expect(
      service.create(caller, { memory, ownerEmail: 'owner@example.com', idempotencyKey: KEY }),
    ).resolves.toMatchObject({ id });
  });

  it('lets any other insert failure through', async () => {
    const failure = new Error('disk full');
    repository.findById.mockResolvedValue(undefined);
    repository.insert.mockRejectedValue(failure);

    await expect(service.create(caller, { memory, ownerEmail: 'owner@example.com', idempotencyKey: KEY })).rejects.toBe(
      failure,
    );
  });
});
