import type { AuthUser } from '@memories/contracts';
import { ApiError, NETWORK_ERROR_MESSAGE } from '@memories/web-api-client';
import { lazyKeptProfile } from './lazy-kept-profile';
import { createSessionStore, type KeptProfile } from './session-store';
import { sessionStatus } from './session-state';

const ada: AuthUser = {
  id: 'ada',
  name: 'Ada',
  email: 'ada@example.com',
  phoneNumber: null,
  profileImageUrl: null,
  emailVerified: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  role: 'member',
};

/** The offline code's kept profile, and how often the page loaded it. */
function offlineCode(kept: AuthUser | null) {
  const loads = { count: 0 };
  const profile: KeptProfile = {
    keep: jest.fn(async () => undefined),
    lastSignedIn: jest.fn(async () => kept),
    forget: jest.fn(async () => undefined),
  };
  const load = async () => {
    loads.count += 1;
    return profile;
  };
  return { loads, profile, load };
}

const refused = () => Promise.reject(new ApiError({ kind: 'http', status: 401, message: 'status 401' }));
const unreachable = () => Promise.reject(new ApiError({ kind: 'network', status: 0, message: NETWORK_ERROR_MESSAGE }));

/** A session started on a device that may (or may not) keep someone, whose start-up refresh fails as given. */
async function startedOn(device: { mayKeep: boolean; kept: AuthUser | null }, refresh: () => Promise<never>) {
  const offline = offlineCode(device.kept);
  const store = storeWith(
    lazyKeptProfile(offline.load, async () => device.mayKeep),
    refresh,
  );
  await store.initialize();
  return { offline, store };
}

function storeWith(keptProfile: KeptProfile, refresh: () => Promise<never>) {
  const auth = {
    login: jest.fn(),
    loginWithTwoFactor: jest.fn(),
    loginWithPasskey: jest.fn(),
    logout: jest.fn(async () => null),
    refresh: jest.fn(refresh),
    getProfile: jest.fn(),
    updateProfile: jest.fn(),
  };
  return createSessionStore({ auth, keptProfile, onOnline: () => () => undefined });
}

describe("the session's kept profile, loaded with the offline code only when needed", () => {
  it("never loads the offline code for a visitor's start on a device that kept no one", async () => {
    const { offline, store } = await startedOn({ mayKeep: false, kept: null }, refused);

    expect(sessionStatus(store.getState())).toBe('unauthenticated');
    expect(offline.loads.count).toBe(0);
  });

  it('loads it when the device may keep someone: a refused start forgets them', async () => {
    const { offline, store } = await startedOn({ mayKeep: true, kept: ada }, refused);

    expect(sessionStatus(store.getState())).toBe('unauthenticated');
    expect(offline.profile.forget).toHaveBeenCalledWith('ada');
  });

  it('loads it when the device may keep someone: an unreachable server opens the session offline as them', async () => {
    const { store } = await startedOn({ mayKeep: true, kept: ada }, unreachable);

    expect(store.getState()).toMatchObject({ user: ada, isOffline: true, isAuthenticated: true });
  });

  it('always loads it to keep or forget a user who signs in or out here', async () => {
    const offline = offlineCode(null);
    const kept = lazyKeptProfile(offline.load, async () => false);

    await kept.keep(ada, true);
    await kept.forget('ada');

    expect(offline.profile.keep).toHaveBeenCalledWith(ada, true);
    expect(offline.profile.forget).toHaveBeenCalledWith('ada');
  });
});
