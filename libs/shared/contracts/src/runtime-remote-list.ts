/** Where every origin that serves the shell publishes its runtime remote list. */
export const RUNTIME_REMOTE_LIST_PATH = '/remotes.json';

/** The runtime list of front-end remotes the shell registers (`/remotes.json`), one per environment. */
export interface RuntimeRemoteList {
  remotes: RuntimeRemote[];
}

export interface RuntimeRemote {
  /** Module Federation name of the remote: landing, memories, editor or viewer. */
  name: string;
  /** URL of the remote's `mf-manifest.json`, absolute or relative to the page's origin. */
  entry: string;
}

/**
 * What our remote builds add to the `metaData` of their `mf-manifest.json`: every content-hashed file the remote's
 * pages may load, relative to the manifest. Module Federation's own lists (`exposes`, `shared`) leave out chunks
 * that only a shared module's fallback loads; the shell's service worker keeps the whole list, so a release opens
 * offline whatever part of it is used.
 */
export interface RemoteReleaseMetaData {
  releaseFiles: string[];
}
