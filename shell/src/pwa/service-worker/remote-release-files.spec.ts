import { mayBeReleaseFile, releaseFiles } from './remote-release-files';

const APP = 'https://app.example';

describe('releaseFiles', () => {
  it('names the remote entry and every file the build lists, next to the manifest', () => {
    expect(
      releaseFiles('https://app.example/remotes/editor/mf-manifest.json', {
        metaData: {
          remoteEntry: { name: 'remoteEntry.js', path: '' },
          publicPath: 'auto',
          releaseFiles: ['1.aaaaaaaa.js', '2.bbbbbbbb.js'],
        },
        exposes: [{ assets: { js: { sync: ['1.aaaaaaaa.js'] } } }],
      }),
    ).toEqual({
      entry: 'https://app.example/remotes/editor/remoteEntry.js',
      assets: ['https://app.example/remotes/editor/1.aaaaaaaa.js', 'https://app.example/remotes/editor/2.bbbbbbbb.js'],
    });
  });

  it('without a list of its own, takes each file its exposed pages and shared modules name, once', () => {
    const files = releaseFiles('https://app.example/remotes/editor/mf-manifest.json', {
      metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
      exposes: [
        {
          assets: {
            js: { sync: ['1.aaaaaaaa.js'], async: ['2.bbbbbbbb.js', '1.aaaaaaaa.js'] },
            css: { sync: [], async: ['3.cccccccc.css'] },
          },
        },
      ],
      shared: [{ assets: { js: { sync: ['4.dddddddd.js'], async: ['1.aaaaaaaa.js'] } } }],
    });
    expect(files.assets).toEqual([
      'https://app.example/remotes/editor/1.aaaaaaaa.js',
      'https://app.example/remotes/editor/2.bbbbbbbb.js',
      'https://app.example/remotes/editor/3.cccccccc.css',
      'https://app.example/remotes/editor/4.dddddddd.js',
    ]);
  });

  it('follows a remote deployed on another origin, its entry in a sub-folder, and a fixed publicPath', () => {
    expect(
      releaseFiles('https://cdn.example/viewer/mf-manifest.json', {
        metaData: { remoteEntry: { name: 'remoteEntry.js', path: './entry/' }, releaseFiles: ['5.eeeeeeee.js'] },
      }),
    ).toEqual({
      entry: 'https://cdn.example/viewer/entry/remoteEntry.js',
      assets: ['https://cdn.example/viewer/5.eeeeeeee.js'],
    });
    expect(
      releaseFiles('https://app.example/remotes/viewer/mf-manifest.json', {
        metaData: {
          remoteEntry: { name: 'remoteEntry.js' },
          publicPath: 'https://static.example/viewer/7/',
          releaseFiles: ['5.eeeeeeee.js'],
        },
      }),
    ).toEqual({
      entry: 'https://static.example/viewer/7/remoteEntry.js',
      assets: ['https://static.example/viewer/7/5.eeeeeeee.js'],
    });
  });

  it('refuses a manifest that names no remote entry', () => {
    expect(() => releaseFiles('https://app.example/x/mf-manifest.json', { metaData: {} })).toThrow(
      'https://app.example/x/mf-manifest.json names no remote entry.',
    );
  });
});

describe('mayBeReleaseFile', () => {
  const releaseFile = (url: string) => mayBeReleaseFile(new URL(url, APP), APP);

  it('is the runtime list, and each remote manifest, entry and hashed file, on any origin', () => {
    expect(
      [
        '/remotes.json?fresh=1',
        '/remotes/landing/mf-manifest.json',
        '/remotes/landing/remoteEntry.js',
        '/remotes/landing/1.aaaaaaaa.js',
        'https://cdn.example/viewer/mf-manifest.json',
        'https://cdn.example/viewer/remoteEntry.js',
        'https://cdn.example/viewer/2.bbbbbbbb.css',
      ].map(releaseFile),
    ).toEqual([true, true, true, true, true, true, true]);
  });

  it('is not the page, a file without a content hash, or a list of another origin', () => {
    expect(
      ['/index.html', '/api/memories', '/icons/icon-192.png', 'https://cdn.example/remotes.json'].map(releaseFile),
    ).toEqual([false, false, false, false]);
  });
});
