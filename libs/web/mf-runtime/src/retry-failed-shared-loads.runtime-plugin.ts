import type { ModuleFederationRuntimePlugin } from '@module-federation/runtime';

/** What the runtime keeps of one shared module in the share scope (or of its tree-shaken form). */
interface LoadableShare {
  get?: () => unknown;
  loading?: null | Promise<unknown>;
  loaded?: boolean;
}

const retrying = new WeakSet<LoadableShare>();

/**
 * Makes a shared module's failed load forgettable: the runtime keeps the first load's promise in the share scope
 * (`loading`) and every later `loadShare` awaits it while `loaded` is false, so a chunk that failed once (offline, a
 * dropped connection) would fail for the life of the page. Once that load rejects, `loading` is cleared, so the next
 * use calls `get` again and webpack fetches the chunk anew. An eager module is left alone: its `get` answers the
 * module itself, synchronously, and the first paint depends on that.
 */
function forgetFailedLoads(share: LoadableShare | undefined): void {
  if (!share || retrying.has(share) || typeof share.get !== 'function') return;
  retrying.add(share);
  const get = share.get;
  share.get = () => {
    const got = get();
    if (!(got instanceof Promise)) return got;
    return got.catch((error: unknown) => {
      if (!share.loaded) share.loading = null;
      throw error;
    });
  };
}

/** The runtime plugin (listed in every app's `runtimePlugins` by tools/webpack). */
export default function retryFailedSharedLoads(): ModuleFederationRuntimePlugin {
  return {
    name: 'memories-retry-failed-shared-loads',
    resolveShare(args) {
      const resolve = args.resolver;
      return {
        ...args,
        resolver: () => {
          const resolved = resolve();
          const shared = resolved?.shared;
          const eager = Boolean(shared?.eager || shared?.shareConfig?.eager || shared?.lib);
          if (shared && !eager) forgetFailedLoads(resolved.useTreesShaking ? shared.treeShaking : shared);
          return resolved;
        },
      };
    },
  };
}
