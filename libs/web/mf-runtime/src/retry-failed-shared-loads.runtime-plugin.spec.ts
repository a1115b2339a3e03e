import { createInstance, type ModuleFederationRuntimePlugin } from '@module-federation/runtime';
import retryFailedSharedLoads from './retry-failed-shared-loads.runtime-plugin';

// The real Module Federation runtime, with one shared module whose chunk cannot be fetched the first time (as
// offline) and can be the second time.

let hosts = 0;

function hostSharing(get: () => unknown, plugins: ModuleFederationRuntimePlugin[], eager = false) {
  return createInstance({
    name: `host-${++hosts}`,
    remotes: [],
    shared: {
      'shared-part': {
        version: '1.0.0',
        scope: 'default',
        get: get as () => () => unknown,
        shareConfig: { requiredVersion: '^1.0.0', singleton: true, eager },
      },
    },
    plugins,
  });
}

function failingOnce() {
  const part = { name: 'the shared part' };
  const get = jest
    .fn<Promise<() => unknown>, []>()
    .mockRejectedValueOnce(new Error('Loading chunk 5897 failed'))
    .mockResolvedValue(() => part);
  return { get, part };
}

describe('retryFailedSharedLoads', () => {
  it('without it, the runtime keeps a shared module that failed to load failed (the bug it fixes)', async () => {
    const { get } = failingOnce();
    const host = hostSharing(get, []);

    await expect(host.loadShare('shared-part')).rejects.toThrow('Loading chunk 5897 failed');
    await expect(host.loadShare('shared-part')).rejects.toThrow('Loading chunk 5897 failed');
    expect(get).toHaveBeenCalledTimes(1);
  });

  it('loads a shared module again after its first load failed, and then keeps it', async () => {
    const { get, part } = failingOnce();
    const host = hostSharing(get, [retryFailedSharedLoads()]);

    await expect(host.loadShare('shared-part')).rejects.toThrow('Loading chunk 5897 failed');
    const factory = (await host.loadShare('shared-part')) as () => unknown;
    expect(factory()).toBe(part);
    await host.loadShare('shared-part');
    expect(get).toHaveBeenCalledTimes(2);
  });

  it('leaves an eager module synchronous', () => {
    const part = { name: 'first paint' };
    const get = jest.fn(() => () => part);
    const host = hostSharing(get, [retryFailedSharedLoads()], true);

    const factory = host.loadShareSync('shared-part') as () => unknown;
    expect(factory()).toBe(part);
  });
});
