import { findNatsServer, startNatsServer } from './nats-server';

describe('startNatsServer', () => {
  it('fails with the exact install command when nats-server is missing', async () => {
    await expect(startNatsServer({ binary: '/nonexistent/nats-server' })).rejects.toThrow(
      'nats-server is not installed. Install it with: apt-get install -y nats-server',
    );
  });

  it('looks for nats-server on PATH and in the sbin folders Debian uses', () => {
    const found = findNatsServer('/nonexistent');

    expect(found === undefined || /\/(usr\/sbin|usr\/local\/sbin)\/nats-server$/.test(found)).toBe(true);
  });
});
