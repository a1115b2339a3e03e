import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import webpack from 'webpack';
import { PrecompressPlugin } from './precompress-plugin';
import { addReleaseFiles } from './release-files';

/** Builds a small remote (an exposed page that loads a part lazily) the way production remotes are built. */
function buildRemote(folder: string): Promise<void> {
  writeFileSync(join(folder, 'page.js'), "export const Page = () => import('./part').then(({ part }) => part);\n");
  writeFileSync(join(folder, 'part.js'), `export const part = '${'a lazily loaded part '.repeat(80)}';\n`);
  const compiler = webpack({
    mode: 'production',
    context: folder,
    entry: {},
    devtool: 'source-map',
    output: {
      path: join(folder, 'dist'),
      filename: '[name].[contenthash].js',
      chunkFilename: '[name].[contenthash].js',
      publicPath: 'auto',
    },
    plugins: [
      new ModuleFederationPlugin({
        name: 'fixture',
        filename: 'remoteEntry.js',
        exposes: { './Page': './page.js' },
        manifest: { additionalData: addReleaseFiles },
        dts: false,
      }),
      new PrecompressPlugin(),
    ],
  });
  return new Promise((resolve, reject) =>
    compiler.run((error, stats) => {
      compiler.close(() => undefined);
      if (error || stats?.hasErrors()) reject(error ?? new Error(stats?.toString({ all: false, errors: true })));
      else resolve();
    }),
  );
}

describe('addReleaseFiles', () => {
  let folder: string;
  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'memories-release-files-'));
    await buildRemote(folder);
  }, 60_000);
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it("lists every content-hashed file of the build in the manifest's metaData, and nothing else", () => {
    const dist = join(folder, 'dist');
    const manifest = JSON.parse(readFileSync(join(dist, 'mf-manifest.json'), 'utf8'));
    const hashedScripts = readdirSync(dist)
      .filter((name) => /\.[0-9a-f]{8,}\.js$/.test(name))
      .sort();
    // The lazily loaded part is a file of its own, which the list must hold too.
    expect(hashedScripts.length).toBeGreaterThanOrEqual(2);
    expect(manifest.metaData.releaseFiles).toEqual(hashedScripts);
    expect(readdirSync(dist)).toEqual(expect.arrayContaining(['remoteEntry.js', `${hashedScripts[0]}.map`]));
  });
});
