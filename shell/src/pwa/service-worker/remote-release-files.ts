/** The parts of a remote's mf-manifest.json that name what its exposed pages load. */
export interface RemoteManifest {
  metaData?: { remoteEntry?: { name?: string; path?: string } };
  exposes?: { assets?: { js?: { sync?: string[]; async?: string[] }; css?: { sync?: string[]; async?: string[] } } }[];
}

/** The remote entry and every file its exposed pages load, as absolute URLs next to the manifest. */
export function releaseFiles(manifestUrl: string, manifest: RemoteManifest): { entry?: string; assets: string[] } {
  const entry = manifest.metaData?.remoteEntry?.name;
  const entryPath = manifest.metaData?.remoteEntry?.path ?? '';
  const assets = (manifest.exposes ?? []).flatMap(({ assets: files }) => [
    ...(files?.js?.sync ?? []),
    ...(files?.js?.async ?? []),
    ...(files?.css?.sync ?? []),
    ...(files?.css?.async ?? []),
  ]);
  const resolve = (file: string) => new URL(file, manifestUrl).href;
  return {
    entry: entry ? resolve(`${entryPath ? `${entryPath}/` : ''}${entry}`) : undefined,
    assets: [...new Set(assets)].map(resolve),
  };
}

/** The files that make up a remotes' release: the runtime list, and each remote's manifest and entry. */
export const isRemoteEntryPoint = (url: URL) =>
  url.pathname === '/remotes.json' ||
  url.pathname.endsWith('/mf-manifest.json') ||
  url.pathname.endsWith('/remoteEntry.js');
