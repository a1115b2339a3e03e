import 'fake-indexeddb/auto';
import { deserialize, serialize } from 'node:v8';
import type { AuthUser, Memory } from '@memories/contracts';
import { deviceProfile } from './device-profile';
import { mayKeepOfflineCopy } from './kept-on-device';
import { offlineReading } from './reading/default-offline-reading';

// jsdom leaves out structuredClone, with which IndexedDB (here fake-indexeddb) copies every record it stores.
globalThis.structuredClone ??= <T>(value: T): T => deserialize(serialize(value)) as T;

const userOf = (id: string): AuthUser => ({
  id,
  name: id,
  email: `${id}@example.com`,
  phoneNumber: null,
  profileImageUrl: null,
  emailVerified: true,
  role: 'member',
  createdAt: '2026-01-01T00:00:00.000Z',
});
const memory = { id: 'm1', title: 'Private', contentJson: '{}', contentHtml: '', thumbnailUrl: '' } as Memory;

/** What closing the browser does to cookies without an expiry (the refresh cookie of a sign-in not remembered). */
function closeTheBrowser(): void {
  for (const cookie of document.cookie.split('; ').filter(Boolean))
    document.cookie = `${cookie.split('=')[0]}=; Path=/; Max-Age=0`;
}

describe('the signed-in profile this device keeps', () => {
  afterEach(async () => {
    const kept = await offlineReading.signedInUser();
    if (kept) await deviceProfile.forget(kept.id);
    closeTheBrowser();
  });

  it('of a sign-in without "remember me": opens offline in the same browser session, and is forgotten after it', async () => {
    const ada = userOf('ada');
    await deviceProfile.keep(ada, false);
    await offlineReading.keepMemories(ada.id, [memory]);

    expect(await deviceProfile.lastSignedIn()).toEqual(ada);
    // A refresh of the same session (no "remember me" given) keeps it a browser-session sign-in.
    await deviceProfile.keep(ada);
    closeTheBrowser();

    expect(await deviceProfile.lastSignedIn()).toBeNull();
    expect(await offlineReading.keptMemory(ada.id, 'm1')).toBeNull();
  });

  it('of a remembered sign-in: outlives the browser session, as its refresh cookie does', async () => {
    const bob = userOf('bob');
    await deviceProfile.keep(bob, true);
    await offlineReading.keepMemories(bob.id, [memory]);
    closeTheBrowser();
    await deviceProfile.keep(bob);

    expect(await deviceProfile.lastSignedIn()).toEqual(bob);
    expect((await offlineReading.keptMemory(bob.id, 'm1'))?.value.title).toBe('Private');
  });

  it('is known to exist without opening anything: only after someone signed in here, and until they are forgotten', async () => {
    expect(await mayKeepOfflineCopy()).toBe(false);
    // Asking whom this device kept must not create the database a visitor's page checks for.
    expect(await deviceProfile.lastSignedIn()).toBeNull();
    expect(await mayKeepOfflineCopy()).toBe(false);

    const ada = userOf('ada');
    await deviceProfile.keep(ada, true);
    expect(await mayKeepOfflineCopy()).toBe(true);

    await deviceProfile.forget(ada.id);
    expect(await mayKeepOfflineCopy()).toBe(false);
  });
});
