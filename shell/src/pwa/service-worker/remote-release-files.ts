import { RUNTIME_REMOTE_LIST_PATH, type RemoteReleaseMetaData } from '@memories/contracts';

interface ManifestAssets {
  js?: { sync?: string[]; async?: string[] };
  css?: { sync?: string[]; async?: string[] };
}

/** The parts of a remote's mf-manifest.json that name the files of its release. */
export interface RemoteManifest {
  metaData?: Partial<RemoteReleaseMetaData> & {
    remoteEntry?: { name?: string; path?: string };
    publicPath?: string;
  };
  exposes?: { assets?: ManifestAssets }[];
  shared?: { assets?: ManifestAssets }[];
}

const filesOf = (assets: ManifestAssets | undefined) => [
  ...(assets?.js?.sync ?? []),
  ...(assets?.js?.async ?? []),
  ...(assets?.css?.sync ?? []),
  ...(assets?.css?.async ?? []),
];

/**
 * The remote entry and every file of a remote's release, as absolute URLs: under its publicPath, or next to the
 * manifest when that is `auto` (as Module Federation resolves them). Our builds list every file
 * (`metaData.releaseFiles`); for another build, what its exposed pages and shared modules name.
 */
export function releaseFiles(manifestUrl: string, manifest: RemoteManifest): { entry: string; assets: string[] } {
  const { remoteEntry, publicPath, releaseFiles: listed } = manifest.metaData ?? {};
  if (!remoteEntry?.name) throw new Error(`${manifestUrl} names no remote entry.`);
  const base = publicPath && publicPath !== 'auto' ? new URL(publicPath, manifestUrl).href : manifestUrl;
  const folder = (remoteEntry.path ?? '').replace(/^\.?\/+/, '').replace(/\/+$/, '');
  const assets =
    listed ?? [...(manifest.exposes ?? []), ...(manifest.shared ?? [])].flatMap(({ assets: files }) => filesOf(files));
  const resolve = (file: string) => new URL(file, base).href;
  return {
    entry: resolve(folder ? `${folder}/${remoteEntry.name}` : remoteEntry.name),
    assets: [...new Set(assets)].map(resolve),
  };
}

/** A content-hashed file name: its content never changes. */
export const HASHED_FILE = /[.-][0-9a-f]{8,}\.[a-z0-9]+$/i;

/** The runtime list of the app's own origin. */
export const isRemoteList = (url: URL, appOrigin: string) =>
  url.origin === appOrigin && url.pathname === RUNTIME_REMOTE_LIST_PATH;

/**
 * What a release may hold, on any origin: the runtime list, each remote's manifest and entry, and content-hashed
 * files (the shell's own are answered by the precache first).
 */
export const mayBeReleaseFile = (url: URL, appOrigin: string) =>
  isRemoteList(url, appOrigin) ||
  url.pathname.endsWith('/mf-manifest.json') ||
  url.pathname.endsWith('/remoteEntry.js') ||
  HASHED_FILE.test(url.pathname);
