import type { TestPostgresServer } from '../test-postgres';

// Jest runs a config's global setup and teardown in one process but loads each module separately (each through its
// own module registry), so the server they share is kept on the process itself.
const HANDLE = Symbol.for('memories.sharedTestPostgres');
type WithHandle = typeof globalThis & { [HANDLE]?: TestPostgresServer };

export function sharedServerStarted(server: TestPostgresServer): void {
  (globalThis as WithHandle)[HANDLE] = server;
}

export function takeSharedServer(): TestPostgresServer | undefined {
  const server = (globalThis as WithHandle)[HANDLE];
  delete (globalThis as WithHandle)[HANDLE];
  return server;
}
