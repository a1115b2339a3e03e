import { ADMIN_SUBJECTS, type AccountStatus } from '@memories/contracts';
import type { BusClient } from '../bus/bus.client';
import { AccountStatusReader } from './account-status.reader';

const ADA = '6f1c1f8e-3f0e-4a57-9c55-2a0c4f1f8f01';
const active: AccountStatus = { active: true, role: 'member' };
const disabled: AccountStatus = { active: false, role: 'member' };

function readerAnswering(...answers: Array<AccountStatus | Error>) {
  const request = jest.fn(async () => {
    const answer = answers.shift();
    if (!answer || answer instanceof Error) throw answer ?? new Error('no more answers');
    return answer;
  });
  return { request, reader: new AccountStatusReader({ request } as unknown as BusClient, 30_000) };
}

describe('AccountStatusReader', () => {
  afterEach(() => jest.useRealTimers());

  it('asks the auth service once per account and TTL, and again after it', async () => {
    jest.useFakeTimers({ now: 0 });
    const { request, reader } = readerAnswering(active, disabled);

    await expect(reader.statusOf(ADA, 'c1')).resolves.toEqual(active);
    jest.setSystemTime(29_999);
    await expect(reader.statusOf(ADA, 'c2')).resolves.toEqual(active);
    jest.setSystemTime(30_000);
    await expect(reader.statusOf(ADA, 'c3')).resolves.toEqual(disabled);

    expect(request).toHaveBeenCalledTimes(2);
    expect(request).toHaveBeenCalledWith(
      ADMIN_SUBJECTS.accountStatus,
      { userId: ADA },
      { correlationId: 'c1', userId: ADA },
    );
  });

  it('shares one question among the requests that arrive while it is asked', async () => {
    const { request, reader } = readerAnswering(active);

    await expect(Promise.all([reader.statusOf(ADA, 'a'), reader.statusOf(ADA, 'b')])).resolves.toEqual([
      active,
      active,
    ]);

    expect(request).toHaveBeenCalledTimes(1);
  });

  it('asks again at once for an account the process changed itself', async () => {
    const { reader } = readerAnswering(active, disabled);
    await reader.statusOf(ADA, 'c1');

    reader.forget(ADA);

    await expect(reader.statusOf(ADA, 'c2')).resolves.toEqual(disabled);
  });

  it('keeps the last answer while the auth service cannot be asked, and fails for an account it never heard of', async () => {
    jest.useFakeTimers({ now: 0 });
    const { reader } = readerAnswering(active, new Error('bus down'), new Error('bus down'));
    await reader.statusOf(ADA, 'c1');
    jest.setSystemTime(60_000);

    await expect(reader.statusOf(ADA, 'c2')).resolves.toEqual(active);
    await expect(reader.statusOf('someone-else', 'c3')).rejects.toThrow('bus down');
  });
});
