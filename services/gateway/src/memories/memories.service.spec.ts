import { MEMORY_SUBJECTS, SUBJECTS } from '@memories/contracts';
import type { BusClient } from '@memories/nest-common';
import { MEMORY_SAVE_TIMEOUT_MS, MemoriesService } from './memories.service';
import { UserDirectory } from './user-directory';
import type { MemoryBodyDto } from '@memories/memory-dto';

const context = { correlationId: 'c-1', userId: '6f1c1f8e-3f0e-4a57-9c55-2a0c4f1f8f01' };
const body: MemoryBodyDto = { title: 'Lake', date: '2024-05-01', contentJson: '{"type":"doc","content":[]}' };
const saved = { id: '1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed', title: 'Lake' };

function serviceWith(busTimeoutMs: number) {
  const request = jest.fn(async (subject: string) => {
    if (subject === SUBJECTS.auth.getProfile) return { id: context.userId, email: 'owner@example.com' };
    if (subject === MEMORY_SUBJECTS.create || subject === MEMORY_SUBJECTS.update || subject === MEMORY_SUBJECTS.list)
      return saved;
    throw new Error(`unexpected request on ${subject}`);
  });
  const requestJson = jest.fn(async (subject: string) => JSON.stringify(await request(subject)));
  const bus = { request, requestJson, timeoutMs: busTimeoutMs } as unknown as BusClient;
  return { request, requestJson, memories: new MemoriesService(bus, new UserDirectory(bus)) };
}

describe('MemoriesService bus timeouts', () => {
  it('gives a create the longer save timeout, since a near-cap document takes seconds to store', async () => {
    const { request, memories } = serviceWith(5000);

    await memories.create(context, body);

    expect(request).toHaveBeenCalledWith(MEMORY_SUBJECTS.create, expect.anything(), context, {
      timeoutMs: MEMORY_SAVE_TIMEOUT_MS,
    });
  });

  it('gives an update the longer save timeout', async () => {
    const { request, memories } = serviceWith(5000);

    await memories.update(context, saved.id, body);

    expect(request).toHaveBeenCalledWith(MEMORY_SUBJECTS.update, expect.anything(), context, {
      timeoutMs: MEMORY_SAVE_TIMEOUT_MS,
    });
  });

  it('keeps a configured bus timeout longer than the save timeout', async () => {
    const { request, memories } = serviceWith(15000);

    await memories.update(context, saved.id, body);

    expect(request).toHaveBeenCalledWith(MEMORY_SUBJECTS.update, expect.anything(), context, { timeoutMs: 15000 });
  });

  it('leaves reads on the configured bus timeout', async () => {
    const { requestJson, memories } = serviceWith(5000);

    await memories.list(context, {});

    expect(requestJson).toHaveBeenCalledWith(MEMORY_SUBJECTS.list, {}, context);
  });
});
