export { createRemoteComponent } from './createRemoteComponent';
export { createRemoteRegistry } from './remote-registry';
export type { RemoteModule, RemoteRegistry, RemoteRegistryOptions } from './remote-registry';
export { moduleFederationRuntime } from './federation-runtime';
export type { FederationRuntime } from './federation-runtime';
export { fetchRemoteList, parseRemoteList } from './remote-list';
export { RemoteBoundary } from './RemoteBoundary';
export { RemoteFallback } from './RemoteFallback';
export { RemoteLoadError } from './remote-load-error';
