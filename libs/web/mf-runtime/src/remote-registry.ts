import type { RuntimeRemote } from '@memories/contracts';
import type { FederationRuntime } from './federation-runtime';
import { RemoteLoadError } from './remote-load-error';
import { fetchRemoteList } from './remote-list';

/** The exports of an exposed module. */
export type RemoteModule = Record<string, unknown>;

export interface RemoteRegistry {
  /** Loads an exposed module (e.g. `landing`, `./LandingPage`), registering the listed remotes first. */
  load(remote: string, module: string): Promise<RemoteModule>;
  /** Drops a remote's failed state (list fetch, manifest, entry script) so the next load really tries again. */
  reset(remote: string): void;
}

export interface RemoteRegistryOptions {
  runtime: FederationRuntime;
  /** Where the environment publishes its RuntimeRemoteList. */
  listUrl?: string;
  fetchList?: typeof fetchRemoteList;
}

/** Registers the environment's remotes from `/remotes.json` once, then loads their exposed modules on demand. */
export function createRemoteRegistry({
  runtime,
  listUrl = '/remotes.json',
  fetchList = fetchRemoteList,
}: RemoteRegistryOptions): RemoteRegistry {
  let registered: Promise<Map<string, RuntimeRemote>> | null = null;
  let known = new Map<string, RuntimeRemote>();

  const ensureRegistered = () => {
    registered ??= fetchList(listUrl).then(
      (list) => {
        // Copies: the runtime normalises (mutates) what it is given.
        runtime.registerRemotes(list.remotes.map((remote) => ({ ...remote })));
        known = new Map(list.remotes.map((remote) => [remote.name, remote]));
        return known;
      },
      (error: unknown) => {
        registered = null; // a failed list is fetched again on the next attempt
        throw error;
      },
    );
    return registered;
  };

  return {
    async load(remote, module) {
      let remotes: Map<string, RuntimeRemote>;
      try {
        remotes = await ensureRegistered();
      } catch (cause) {
        throw new RemoteLoadError(remote, `The remote list could not be loaded, so "${remote}" is unavailable.`, {
          cause,
        });
      }
      if (!remotes.has(remote)) throw new RemoteLoadError(remote, `"${remote}" is not in the remote list ${listUrl}.`);
      let loaded: unknown;
      try {
        loaded = await runtime.loadRemote(`${remote}/${module.replace(/^\.\//, '')}`);
      } catch (cause) {
        throw new RemoteLoadError(remote, `"${remote}" could not be loaded.`, { cause });
      }
      if (typeof loaded !== 'object' || loaded === null)
        throw new RemoteLoadError(remote, `"${remote}" did not provide ${module}.`);
      return loaded as RemoteModule;
    },
    reset(remote) {
      const listed = known.get(remote);
      // Re-registering with force clears the runtime's cached manifest and entry-script state for this remote.
      if (listed) runtime.registerRemotes([{ ...listed }], { force: true });
    },
  };
}
