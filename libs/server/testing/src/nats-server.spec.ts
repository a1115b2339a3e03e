import { connect } from 'nats';
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

describe('a started nats-server', () => {
  it('accepts messages of up to 8 MB, so a memory at its content cap fits in one', async () => {
    const server = await startNatsServer();
    const connection = await connect({ servers: server.url });
    try {
      expect(connection.info?.max_payload).toBe(8 * 1024 * 1024);
    } finally {
      await connection.close();
      await server.stop();
    }
  });

  it('signs each part in when secured, whatever its password looks like (NATS reads it quoted, never as a number)', async () => {
    const passwords = { gateway: '1e5x', auth: '12-34', memory: '-3abc', upload: 'yes', notify: '0x1f' };
    const server = await startNatsServer({ secured: passwords });
    try {
      for (const [user, pass] of Object.entries(passwords)) {
        const connection = await connect({ servers: server.url, user, pass, reconnect: false });
        await connection.close();
      }
      await expect(connect({ servers: server.url, reconnect: false })).rejects.toMatchObject({
        code: 'AUTHORIZATION_VIOLATION',
      });
    } finally {
      await server.stop();
    }
  });

  it('opens the monitoring port when asked, and only then', async () => {
    const [monitored, plain] = await Promise.all([startNatsServer({ monitor: true }), startNatsServer()]);
    try {
      const response = await fetch(`${monitored.monitorUrl}/varz`);
      expect(response.ok).toBe(true);
      expect(((await response.json()) as { max_payload: number }).max_payload).toBe(8 * 1024 * 1024);
      expect(plain.monitorUrl).toBeUndefined();
    } finally {
      await Promise.all([monitored.stop(), plain.stop()]);
    }
  });
});
