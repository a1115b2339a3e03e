import { createServer, type Server } from 'node:net';
import { getFreePort, startOnFreePort } from './free-port';

const listenOn = (port: number) =>
  new Promise<Server>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject).listen(port, '127.0.0.1', () => resolve(server));
  });
const close = (server: Server) => new Promise((resolve) => server.close(resolve));

describe('getFreePort', () => {
  it('returns a port that can be listened on at once', async () => {
    const port = await getFreePort();

    await close(await listenOn(port));

    expect(port).toBeGreaterThan(0);
  });
});

describe('startOnFreePort', () => {
  it('starts on another free port when the one picked was taken before the start could bind it', async () => {
    const taken = await listenOn(0);
    const takenPort = (taken.address() as { port: number }).port;
    let picks = 0;
    const pickPort = () => (++picks === 1 ? Promise.resolve(takenPort) : getFreePort());

    const started = await startOnFreePort(async (port) => ({ server: await listenOn(port) }), pickPort).finally(() =>
      close(taken),
    );
    await close(started.server);

    expect(picks).toBe(2);
    expect(started.port).not.toBe(takenPort);
  });

  it('passes on a failure that is not a taken port', async () => {
    await expect(startOnFreePort(() => Promise.reject(new Error('initdb failed')))).rejects.toThrow('initdb failed');
  });
});
