import { MAX_IMPORT_SHARE_RECIPIENTS, USER_SUBJECTS } from '@memories/contracts';
import type { BusClient } from '@memories/nest-common';
import { strictMock } from '@memories/server-testing';
import type { ImportJobRecord, ImportJobsRepository } from './import-jobs.repository';
import { LookupBudgetSpent, ShareRecipientLookup, shareWith } from './share-recipient-lookup';

const OWNER = '6f1c1f8e-3f0e-4a57-9c55-2a0c4f1f8f01';
const caller = { userId: OWNER, correlationId: 'import-1' };

function jobWith(lookups: Record<string, string | null> = {}): ImportJobRecord {
  return { id: 'job-1', ownerId: OWNER, shareLookups: lookups, shareRecipientsCapped: false } as ImportJobRecord;
}

/** The auth service's look-up as the importer's budget allows it: `accounts` by address, `budget` look-ups. */
function setUp(accounts: Record<string, string>, budget = Infinity) {
  let left = budget;
  const bus = strictMock<BusClient>('bus');
  bus.request.mockImplementation((async (subject: string, payload: { email: string }) => {
    if (subject !== USER_SUBJECTS.findByEmail) throw new Error(`unexpected ${subject}`);
    if (left-- <= 0) {
      throw { code: 'USER_LOOKUP_RATE_LIMITED', message: 'Too many look-ups', detail: { retryAfterSeconds: 42 } };
    }
    const id = accounts[payload.email];
    return { users: id ? [{ id, email: payload.email, name: 'x', profileImageUrl: null }] : [] };
  }) as never);
  const jobs = strictMock<ImportJobsRepository>('jobs');
  jobs.recordShareLookups.mockResolvedValue(undefined);
  return {
    bus,
    jobs,
    lookup: new ShareRecipientLookup(bus as unknown as BusClient, jobs as unknown as ImportJobsRepository),
  };
}

describe('ShareRecipientLookup', () => {
  it('looks each address up once, as the importer, keeps what it learnt on the job, and finds only accounts', async () => {
    const { bus, jobs, lookup } = setUp({ 'ada@example.com': 'ada-id' });
    const job = jobWith();

    const found = await lookup.lookUp(job, caller, ['Ada@Example.com', 'ada@example.com', 'nobody@example.com']);
    const again = await lookup.lookUp(job, caller, ['ada@example.com']);

    expect(found).toEqual(new Map([['ada@example.com', 'ada-id']]));
    expect(again).toEqual(found);
    expect(bus.request).toHaveBeenCalledTimes(2);
    expect(bus.request).toHaveBeenCalledWith(USER_SUBJECTS.findByEmail, { email: 'ada@example.com' }, caller);
    expect(jobs.recordShareLookups).toHaveBeenCalledTimes(1);
    expect(jobs.recordShareLookups).toHaveBeenCalledWith(
      'job-1',
      { 'ada@example.com': 'ada-id', 'nobody@example.com': null },
      false,
    );
  });

  it('waits when the look-up budget is spent, keeping the addresses already looked up', async () => {
    const { jobs, lookup } = setUp({ 'a@example.com': 'a-id' }, 1);

    const answer = await lookup.lookUp(jobWith(), caller, ['a@example.com', 'b@example.com']);

    expect(answer).toEqual(new LookupBudgetSpent(42));
    expect(jobs.recordShareLookups).toHaveBeenCalledWith('job-1', { 'a@example.com': 'a-id' }, false);
  });

  it(`looks up at most ${MAX_IMPORT_SHARE_RECIPIENTS} addresses per import and says when the archive names more`, async () => {
    const { bus, jobs, lookup } = setUp({});
    const addresses = Array.from({ length: MAX_IMPORT_SHARE_RECIPIENTS + 5 }, (_, n) => `p${n}@example.com`);

    await lookup.lookUp(jobWith(), caller, addresses);

    expect(bus.request).toHaveBeenCalledTimes(MAX_IMPORT_SHARE_RECIPIENTS);
    const [, lookups, capped] = jobs.recordShareLookups.mock.calls[0];
    expect(Object.keys(lookups)).toHaveLength(MAX_IMPORT_SHARE_RECIPIENTS);
    expect(capped).toBe(true);
  });
});

describe('shareWith', () => {
  it('shares with the accounts found, never the importer, and counts each address once per memory', () => {
    const restored: Record<string, number> = { 'ada@example.com': 2 };
    const accounts = new Map([
      ['ada@example.com', 'ada-id'],
      ['me@example.com', OWNER],
    ]);

    const ids = shareWith(
      ['ADA@example.com', 'ada@example.com', 'me@example.com', 'x@example.com'],
      accounts,
      OWNER,
      restored,
    );

    expect(ids).toEqual(['ada-id']);
    expect(restored).toEqual({ 'ada@example.com': 3 });
  });
});
