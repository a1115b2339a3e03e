import { isRemoteEntryPoint, releaseFiles } from './remote-release-files';

describe('releaseFiles', () => {
  it('names the remote entry and every file of the exposed pages once, next to the manifest', () => {
    const files = releaseFiles('https://app.example/remotes/editor/mf-manifest.json', {
      metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
      exposes: [
        {
          assets: {
            js: { sync: ['1.aaaaaaaa.js'], async: ['2.bbbbbbbb.js', '1.aaaaaaaa.js'] },
            css: { sync: [], async: ['3.cccccccc.css'] },
          },
        },
        { assets: { js: { sync: ['4.dddddddd.js'] } } },
      ],
    });
    expect(files).toEqual({
      entry: 'https://app.example/remotes/editor/remoteEntry.js',
      assets: [
        'https://app.example/remotes/editor/1.aaaaaaaa.js',
        'https://app.example/remotes/editor/2.bbbbbbbb.js',
        'https://app.example/remotes/editor/3.cccccccc.css',
        'https://app.example/remotes/editor/4.dddddddd.js',
      ],
    });
  });

  it('follows a remote entry kept in a sub-folder, and a manifest with nothing exposed', () => {
    expect(
      releaseFiles('https://cdn.example/viewer/mf-manifest.json', {
        metaData: { remoteEntry: { name: 'remoteEntry.js', path: 'entry' } },
      }),
    ).toEqual({
      entry: 'https://cdn.example/viewer/entry/remoteEntry.js',
      assets: [],
    });
  });
});

describe('isRemoteEntryPoint', () => {
  it('is the runtime list and each remote manifest and entry, not their hashed files or the API', () => {
    const entryPoint = (path: string) => isRemoteEntryPoint(new URL(path, 'https://app.example'));
    expect(
      ['/remotes.json', '/remotes/landing/mf-manifest.json', '/remotes/landing/remoteEntry.js'].map(entryPoint),
    ).toEqual([true, true, true]);
    expect(['/remotes/landing/1.aaaaaaaa.js', '/api/memories', '/index.html'].map(entryPoint)).toEqual([
      false,
      false,
      false,
    ]);
  });
});
