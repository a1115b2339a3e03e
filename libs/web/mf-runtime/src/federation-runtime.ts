import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';

/** The two Module Federation runtime calls the registry needs; the shell passes the real runtime, tests a fake one. */
export interface FederationRuntime {
  registerRemotes(remotes: { name: string; entry: string }[], options?: { force?: boolean }): void;
  loadRemote(id: string): Promise<unknown>;
}

/** The runtime instance the webpack Module Federation plugin created for this build. */
export const moduleFederationRuntime: FederationRuntime = {
  registerRemotes: (remotes, options) => registerRemotes(remotes, options),
  loadRemote: (id) => loadRemote(id),
};
