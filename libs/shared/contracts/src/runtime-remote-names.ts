import type { RuntimeRemoteList } from './runtime-remote-list';

/** The Module Federation remotes, in the order the shell registers them. */
export const RUNTIME_REMOTE_NAMES = ['landing', 'memories', 'editor', 'viewer', 'settings'] as const;

export type RuntimeRemoteName = (typeof RUNTIME_REMOTE_NAMES)[number];

/** The remote list of an origin that serves each remote under `<basePath>/<name>/` (e.g. `/remotes`). */
export function runtimeRemoteListFor(basePath: string): RuntimeRemoteList {
  const base = basePath.replace(/\/+$/, '');
  return { remotes: RUNTIME_REMOTE_NAMES.map((name) => ({ name, entry: `${base}/${name}/mf-manifest.json` })) };
}
