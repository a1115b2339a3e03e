import { runtimeRemoteListFor } from './runtime-remote-names';

describe('runtimeRemoteListFor', () => {
  it('points every remote at its mf-manifest.json under the base path', () => {
    expect(runtimeRemoteListFor('/remotes/')).toEqual({
      remotes: [
        { name: 'landing', entry: '/remotes/landing/mf-manifest.json' },
        { name: 'memories', entry: '/remotes/memories/mf-manifest.json' },
        { name: 'editor', entry: '/remotes/editor/mf-manifest.json' },
        { name: 'viewer', entry: '/remotes/viewer/mf-manifest.json' },
        { name: 'settings', entry: '/remotes/settings/mf-manifest.json' },
      ],
    });
  });
});
