import 'fake-indexeddb/auto';
import { deserialize, serialize } from 'node:v8';
import { webcrypto } from 'node:crypto';
import { ARGON2ID_BOUNDS, type JournalKeyEnvelope } from '@memories/contracts';
import { ApiError, journalsApi } from '@memories/web-api-client';
import { createJournalKeys, unlockedJournals, WrongSecretError } from '@memories/web-crypto';
import { KEPT_LIST_LIMIT, offlineReading } from '@memories/web-offline';
import { waitFor } from '@testing-library/react';
import { forgetJournalEnvelope, keptJournalEnvelope, unlockJournal } from './journal-unlocking';

// A locked journal opens offline, after a reload, with the wrapped key this device kept with its offline copy.
jest.mock('@memories/web-api-client', () => ({
  ...jest.requireActual('@memories/web-api-client'),
  journalsApi: { key: jest.fn() },
}));
jest.mock('@memories/web-session', () => ({
  sessionStore: { getState: () => ({ user: { id: 'ada' } }) },
}));

// jsdom leaves out structuredClone (IndexedDB copies records with it) and crypto.subtle; Node has both.
globalThis.structuredClone ??= <T>(value: T): T => deserialize(serialize(value)) as T;
Object.defineProperty(globalThis, 'crypto', { value: webcrypto, configurable: true });

const key = journalsApi.key as jest.MockedFunction<typeof journalsApi.key>;
const unreachable = new ApiError({
  kind: 'network',
  status: 0,
  message: 'Network error. Please check your connection.',
});
const CHEAP = { memoryKiB: ARGON2ID_BOUNDS.memoryKiB.min, iterations: 2, parallelism: 1 };

describe('unlocking a journal', () => {
  let envelope: JournalKeyEnvelope;
  beforeAll(async () => {
    ({ envelope } = await createJournalKeys('lantern orchard', CHEAP));
    // Signed in on this device, as the session records at sign-in: only then does the device keep anything.
    await offlineReading.keepSignedInUser({
      id: 'ada',
      name: 'Ada',
      email: 'ada@example.com',
      phoneNumber: null,
      profileImageUrl: null,
      emailVerified: true,
      createdAt: '2026-01-01T00:00:00.000Z',
      role: 'member',
    });
  });
  afterEach(() => {
    unlockedJournals.lockAll();
    // A wrapped key fetched once is not asked for again in the tab: an answer a test set up may be left unused.
    key.mockReset();
  });

  it('keeps the wrapped key it fetched, and opens with it when the server cannot be reached', async () => {
    key.mockResolvedValueOnce(envelope);
    await unlockJournal('j-kept', { passphrase: 'lantern orchard' });
    expect(unlockedJournals.isUnlocked('j-kept')).toBe(true);
    // Kept while the unlock goes on: it never waits for the device's storage.
    await waitFor(async () => expect(await keptJournalEnvelope('ada', 'j-kept')).toEqual(envelope));

    unlockedJournals.lockAll();
    forgetJournalEnvelope('j-kept');
    key.mockRejectedValueOnce(unreachable);
    await expect(unlockJournal('j-kept', { passphrase: 'not it' })).rejects.toBeInstanceOf(WrongSecretError);
    key.mockRejectedValueOnce(unreachable);
    await unlockJournal('j-kept', { passphrase: 'lantern orchard' });
    expect(unlockedJournals.isUnlocked('j-kept')).toBe(true);
  });

  it('still opens offline after more pages of the list were read than the device keeps', async () => {
    key.mockResolvedValueOnce(envelope);
    await unlockJournal('j-read-on', { passphrase: 'lantern orchard' });
    await waitFor(async () => expect(await keptJournalEnvelope('ada', 'j-read-on')).toEqual(envelope));
    // Read on: the dashboard keeps a page of the list per query, and makes room for new ones by the oldest.
    for (let page = 0; page <= KEPT_LIST_LIMIT; page += 1)
      await offlineReading.keepList('ada', `page ${page}`, { memories: [] });

    unlockedJournals.lockAll();
    forgetJournalEnvelope('j-read-on');
    key.mockRejectedValueOnce(unreachable);
    await unlockJournal('j-read-on', { passphrase: 'lantern orchard' });
    expect(unlockedJournals.isUnlocked('j-read-on')).toBe(true);
  });

  it('cannot open offline a journal whose key this device never fetched', async () => {
    key.mockRejectedValueOnce(unreachable);
    await expect(unlockJournal('j-never', { passphrase: 'lantern orchard' })).rejects.toBe(unreachable);
    expect(unlockedJournals.isUnlocked('j-never')).toBe(false);
  });
});
