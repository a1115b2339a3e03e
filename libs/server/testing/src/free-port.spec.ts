import { createServer } from 'node:net';
import { getFreePort } from './free-port';

describe('getFreePort', () => {
  it('returns a port that can be listened on at once', async () => {
    const port = await getFreePort();
    const server = createServer();

    await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', resolve));
    await new Promise((resolve) => server.close(resolve));

    expect(port).toBeGreaterThan(0);
  });
});
