/** The built `npm start` server alone (`@memories/server-testing/standalone`), for benchmarks and Playwright suites. */
export { startStandalone, stopStandalone, waitForStandalone } from './standalone-server';
export type { StandaloneOptions, StandaloneServer } from './standalone-server';
export { getFreePort } from '../free-port';
