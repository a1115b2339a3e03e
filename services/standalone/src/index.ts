export { startStandalone } from './standalone';
export type { RunningStandalone } from './standalone';
export { StandaloneConfig, loadStandaloneConfig } from './config/standalone.config';
