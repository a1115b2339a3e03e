import { createServer } from 'node:net';

/** A TCP port on 127.0.0.1 that nothing listens on right now. */
export function getFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

const PORT_ATTEMPTS = 3;

/**
 * Starts something on a free port, and on another one if the port was taken meanwhile: a free port comes from the
 * kernel's ephemeral range, which any program's outgoing connection may be given too, and a server that is slow to
 * bind (PostgreSQL binds after initdb, seconds on a loaded machine) leaves time for that.
 */
export async function startOnFreePort<T>(
  start: (port: number) => Promise<T>,
  pickPort: () => Promise<number> = getFreePort,
): Promise<T & { port: number }> {
  for (let attempt = 1; ; attempt += 1) {
    const port = await pickPort();
    try {
      return { ...(await start(port)), port };
    } catch (error) {
      if (attempt >= PORT_ATTEMPTS || !/already in use/i.test((error as Error).message)) throw error;
    }
  }
}
