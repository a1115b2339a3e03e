import { SHARED_TEST_POSTGRES_VARIABLE, startSharedTestPostgresServer } from '../test-postgres';
import { sharedServerStarted } from './shared-postgres-handle';

/**
 * Jest global setup of every integration config: one PostgreSQL server for all the suites of the run (each gets a
 * database of its own from `startTestPostgres()`), unless the caller already provides one (`npm test` starts one for
 * every project). Its teardown stops what it started.
 */
export default async function startSharedTestPostgres(): Promise<void> {
  if (process.env[SHARED_TEST_POSTGRES_VARIABLE]) return;
  const server = await startSharedTestPostgresServer();
  sharedServerStarted(server);
  process.env[SHARED_TEST_POSTGRES_VARIABLE] = server.url;
}
