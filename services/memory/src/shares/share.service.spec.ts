import { strictMock, type StrictMock } from '@memories/server-testing';
import { memoryNotFound, type MemoryAccess } from '../access/memory-access';
import { FIXTURE_OWNER, memoryRecord } from '../core/memory-record.fixture';
import type { ShareRepository } from './share.repository';
import { ShareService } from './share.service';

const RECIPIENT = '22222222-2222-4222-8222-222222222222';
const owner = { correlationId: 'c1', userId: FIXTURE_OWNER };
const recipient = { correlationId: 'c1', userId: RECIPIENT };

describe('ShareService', () => {
  let access: StrictMock<MemoryAccess>;
  let shares: StrictMock<ShareRepository>;
  let service: ShareService;

  beforeEach(() => {
    access = strictMock<MemoryAccess>('access');
    shares = strictMock<ShareRepository>('shares');
    service = new ShareService(access as unknown as MemoryAccess, shares as unknown as ShareRepository);
  });

  it('lists the recipients for the author', async () => {
    access.requireOwned.mockResolvedValue(memoryRecord({ sharedWith: [RECIPIENT] }));
    shares.recipients.mockResolvedValue([RECIPIENT]);

    await expect(service.recipients(owner, { id: memoryRecord().id })).resolves.toEqual({ userIds: [RECIPIENT] });
    expect(access.requireOwned).toHaveBeenCalledWith(owner, memoryRecord().id);
  });

  it('removes one recipient and answers the memory without them', async () => {
    access.requireOwned
      .mockResolvedValueOnce(memoryRecord({ sharedWith: [RECIPIENT] }))
      .mockResolvedValueOnce(memoryRecord());
    shares.remove.mockResolvedValue(undefined);

    await expect(service.remove(owner, { id: memoryRecord().id, userId: RECIPIENT })).resolves.toMatchObject({
      sharedWith: [],
    });
    expect(shares.remove).toHaveBeenCalledWith(memoryRecord().id, RECIPIENT);
  });

  it('changes nothing when MemoryAccess says the caller is not the author', async () => {
    access.requireOwned.mockRejectedValue(memoryNotFound(memoryRecord().id));

    await expect(service.remove(recipient, { id: memoryRecord().id, userId: RECIPIENT })).rejects.toMatchObject({
      code: 'MEMORY_NOT_FOUND',
    });
    await expect(service.recipients(recipient, { id: memoryRecord().id })).rejects.toMatchObject({
      code: 'MEMORY_NOT_FOUND',
    });
  });

  it('asks whether two people are connected, and never counts someone as connected to themselves', async () => {
    shares.connected.mockResolvedValue(true);

    await expect(service.connected(recipient, { otherUserId: FIXTURE_OWNER })).resolves.toEqual({ connected: true });
    await expect(service.connected(owner, { otherUserId: FIXTURE_OWNER })).resolves.toEqual({ connected: false });
    expect(shares.connected).toHaveBeenCalledTimes(1);
  });
});
