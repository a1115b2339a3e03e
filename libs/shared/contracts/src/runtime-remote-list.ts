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
