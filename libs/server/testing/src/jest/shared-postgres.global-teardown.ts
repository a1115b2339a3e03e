import { SHARED_TEST_POSTGRES_VARIABLE } from '../test-postgres';
import { takeSharedServer } from './shared-postgres-handle';

/** Stops the server the global setup started (none when the caller provided it). */
export default async function stopSharedTestPostgres(): Promise<void> {
  const server = takeSharedServer();
  if (!server) return;
  delete process.env[SHARED_TEST_POSTGRES_VARIABLE];
  await server.stop();
}
