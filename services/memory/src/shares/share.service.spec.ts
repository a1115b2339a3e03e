import { MEMORY_ERROR_CODES } from '@memories/contracts';
import { strictMock, type StrictMock } from '@memories/server-testing';
import { FIXTURE_OWNER, memoryRecord } from '../memories/memory-record.fixture';
import type { MemoryRepository } from '../memories/memory.repository';
import type { ShareRepository } from './share.repository';
import { ShareService } from './share.service';

const RECIPIENT = '22222222-2222-4222-8222-222222222222';
const owner = { correlationId: 'c1', userId: FIXTURE_OWNER };
const recipient = { correlationId: 'c1', userId: RECIPIENT };

describe('ShareService', () => {
  let memories: StrictMock<MemoryRepository>;
  let shares: StrictMock<ShareRepository>;
  let service: ShareService;

  beforeEach(() => {
    memories = strictMock<MemoryRepository>('memories');
    shares = strictMock<ShareRepository>('shares');
    service = new ShareService(memories as unknown as MemoryRepository, shares as unknown as ShareRepository);
  });

  it('lists the recipients for the owner', async () => {
    memories.findById.mockResolvedValue(memoryRecord({ sharedWith: [RECIPIENT] }));
    shares.recipients.mockResolvedValue([RECIPIENT]);

    await expect(service.recipients(owner, { id: memoryRecord().id })).resolves.toEqual({ userIds: [RECIPIENT] });
  });

  it('tells a recipient the memory does not exist when they ask who else it is shared with', async () => {
    memories.findById.mockResolvedValue(memoryRecord({ sharedWith: [RECIPIENT] }));

    await expect(service.recipients(recipient, { id: memoryRecord().id })).rejects.toMatchObject({
      code: MEMORY_ERROR_CODES.MEMORY_NOT_FOUND,
    });
  });

  it('removes one recipient and answers the memory without them', async () => {
    memories.findById
      .mockResolvedValueOnce(memoryRecord({ sharedWith: [RECIPIENT] }))
      .mockResolvedValueOnce(memoryRecord());
    shares.remove.mockResolvedValue(undefined);

    await expect(service.remove(owner, { id: memoryRecord().id, userId: RECIPIENT })).resolves.toMatchObject({
      sharedWith: [],
    });
    expect(shares.remove).toHaveBeenCalledWith(memoryRecord().id, RECIPIENT);
  });

  it('lets nobody but the owner remove a recipient, the recipient included', async () => {
    memories.findById.mockResolvedValue(memoryRecord({ sharedWith: [RECIPIENT] }));

    await expect(service.remove(recipient, { id: memoryRecord().id, userId: RECIPIENT })).rejects.toMatchObject({
      code: MEMORY_ERROR_CODES.MEMORY_NOT_FOUND,
    });
  });

  it('asks whether two people are connected, and never counts someone as connected to themselves', async () => {
    shares.connected.mockResolvedValue(true);

    await expect(service.connected(recipient, { otherUserId: FIXTURE_OWNER })).resolves.toEqual({ connected: true });
    await expect(service.connected(owner, { otherUserId: FIXTURE_OWNER })).resolves.toEqual({ connected: false });
    expect(shares.connected).toHaveBeenCalledTimes(1);
  });
});
