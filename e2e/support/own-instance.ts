import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getFreePort, startStandalone, stopStandalone, waitForStandalone } from '@memories/server-testing/standalone';

/** A Memories of its own for one suite, for journeys that change the whole instance (its sign-up mode). */
export interface OwnInstance {
  /** http://127.0.0.1:<port> */
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts the built `npm start` (services/standalone/dist/main.js) on free ports with a fresh data directory and the
 * given settings, as the suite's own web server does; its output goes to `standalone.log` in that directory.
 */
export async function startOwnInstance(env: Record<string, string>, timeoutMs = 120_000): Promise<OwnInstance> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'memories-e2e-own-'));
  const server = startStandalone({
    port: String(await getFreePort()),
    postgresPort: String(await getFreePort()),
    dataDir,
    env: { AUTH_RATE_LIMIT_PER_MINUTE: '1000', ...env },
  });
  const log = createWriteStream(path.join(dataDir, 'standalone.log'));
  server.process.stdout?.pipe(log);
  server.process.stderr?.pipe(log);
  const stop = async () => {
    await stopStandalone(server);
    log.end();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForStandalone(server, timeoutMs);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: server.baseUrl, stop };
}
