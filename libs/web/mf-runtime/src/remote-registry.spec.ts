import type { RuntimeRemoteList } from '@memories/contracts';
import type { FederationRuntime } from './federation-runtime';
import { RemoteLoadError } from './remote-load-error';
import { createRemoteRegistry } from './remote-registry';

const list: RuntimeRemoteList = {
  remotes: [
    { name: 'landing', entry: '/remotes/landing/mf-manifest.json' },
    { name: 'viewer', entry: '/remotes/viewer/mf-manifest.json' },
  ],
};

function fakeRuntime(modules: Record<string, unknown> = {}) {
  return {
    registerRemotes: jest.fn<void, Parameters<FederationRuntime['registerRemotes']>>(),
    loadRemote: jest.fn(async (id: string): Promise<unknown> => (id in modules ? modules[id] : null)),
  } satisfies FederationRuntime;
}

describe('remote registry', () => {
  it('registers every listed remote once and loads exposed modules by remote/module id', async () => {
    const runtime = fakeRuntime({
      'landing/LandingPage': { LandingPage: 'page' },
      'viewer/ViewerPage': { ViewerPage: 'page' },
    });
    const fetchList = jest.fn(async () => list);
    const registry = createRemoteRegistry({ runtime, fetchList });

    await expect(registry.load('landing', './LandingPage')).resolves.toEqual({ LandingPage: 'page' });
    await registry.load('viewer', './ViewerPage');

    expect(fetchList).toHaveBeenCalledTimes(1);
    expect(fetchList).toHaveBeenCalledWith('/remotes.json');
    expect(runtime.registerRemotes).toHaveBeenCalledTimes(1);
    expect(runtime.registerRemotes).toHaveBeenCalledWith(list.remotes);
  });

  it('fails with the remote name when the remote is not in the list', async () => {
    const registry = createRemoteRegistry({ runtime: fakeRuntime(), fetchList: async () => list });

    await expect(registry.load('editor', './EditorPage')).rejects.toEqual(
      new RemoteLoadError('editor', '"editor" is not in the remote list /remotes.json.'),
    );
  });

  it('fails when the runtime cannot load the remote, and when it provides nothing', async () => {
    const runtime = fakeRuntime();
    runtime.loadRemote.mockRejectedValueOnce(new Error('[ Federation Runtime ]: Failed to get manifest.'));
    const registry = createRemoteRegistry({ runtime, fetchList: async () => list });

    await expect(registry.load('landing', './LandingPage')).rejects.toThrow('"landing" could not be loaded.');
    await expect(registry.load('landing', './LandingPage')).rejects.toThrow('"landing" did not provide ./LandingPage.');
  });

  it('fetches the list again after it failed to load', async () => {
    const fetchList = jest
      .fn<Promise<RuntimeRemoteList>, [string]>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(list);
    const registry = createRemoteRegistry({ runtime: fakeRuntime({ 'landing/LandingPage': {} }), fetchList });

    await expect(registry.load('landing', './LandingPage')).rejects.toThrow('The remote list could not be loaded');
    await expect(registry.load('landing', './LandingPage')).resolves.toEqual({});
    expect(fetchList).toHaveBeenCalledTimes(2);
  });

  it('re-registers a remote with force on reset so the runtime forgets its failed manifest', async () => {
    const runtime = fakeRuntime({ 'landing/LandingPage': {} });
    const registry = createRemoteRegistry({ runtime, fetchList: async () => list });
    await registry.load('landing', './LandingPage');

    registry.reset('landing');

    expect(runtime.registerRemotes).toHaveBeenLastCalledWith([list.remotes[0]], { force: true });
  });
});
