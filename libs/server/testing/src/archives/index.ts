/** Archive fixtures alone (`@memories/server-testing/archives`), for suites that run outside Jest (Playwright). */
export { forge, jpegBytes, markEncrypted, pngBytes, unzipBytes, writeZip, zipBytes } from './zip-fixture';
export type { FixtureEntry } from './zip-fixture';
export { dayOneArchive } from './day-one-fixture';
