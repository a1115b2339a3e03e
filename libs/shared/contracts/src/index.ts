export type { RuntimeRemote, RuntimeRemoteList } from './runtime-remote-list';
