import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { SUBJECTS } from '@memories/contracts';
import { bootstrapService, createBusClient, migrateService, sendRequest } from '@memories/nest-common';
import {
  connectBusProbe,
  getFreePort,
  startNatsServer,
  startTestPostgres,
  type BusProbe,
  type TestNatsServer,
  type TestPostgres,
} from '@memories/server-testing';
import { Client } from 'pg';
import { memoryServiceDescriptor } from '../src';

describe('memory service against real PostgreSQL and nats-server', () => {
  let postgres: TestPostgres;
  let nats: TestNatsServer;
  let app: INestApplication;
  let probe: BusProbe;
  let port: number;

  beforeAll(async () => {
    [postgres, nats, port] = await Promise.all([startTestPostgres(), startNatsServer(), getFreePort()]);
    const env = { DATABASE_URL: postgres.url, NATS_URL: nats.url, PORT: String(port), LOG_LEVEL: 'fatal', BUS_TIMEOUT_MS: '2000' };
    await migrateService(memoryServiceDescriptor, env);
    app = await bootstrapService(memoryServiceDescriptor, env);
    probe = await connectBusProbe(nats.url);
  });

  afterAll(async () => {
    await probe?.close();
    await app?.close();
    await Promise.all([nats?.stop(), postgres?.stop()]);
  });

  it('creates its own schema and records the migration in its own migrations table', async () => {
    const client = new Client({ connectionString: postgres.url });
    await client.connect();
    try {
      const migrations = await client.query('SELECT name FROM "memory"."migrations"');
      expect(migrations.rows.map((row) => row.name)).toEqual([
        expect.stringMatching(/^CreateMemorySchema\d+$/),
        expect.stringMatching(/^CreateMemories\d+$/),
      ]);
    } finally {
      await client.end();
    }
  });

  it('answers memory.health.check over NATS with its status and its database status', async () => {
    const health = await probe.request(SUBJECTS.memory.healthCheck, {});

    expect(health).toEqual({ service: 'memory', status: 'up', database: { status: 'up' }, checkedAt: expect.any(String) });
  });

  it('rejects a message without a correlation id, with VALIDATION_FAILED', async () => {
    const client = createBusClient({ transport: 'nats', natsUrl: nats.url, timeoutMs: 2000, name: 'raw-test-client' });
    try {
      await expect(sendRequest(client, SUBJECTS.memory.healthCheck, { payload: {} }, 2000)).rejects.toMatchObject({
        code: 'VALIDATION_FAILED',
        detail: [{ field: 'correlationId', messages: expect.arrayContaining(['correlationId must be a string']) }],
      });
    } finally {
      await client.close();
    }
  });

  it('serves its liveness and readiness probes over HTTP', async () => {
    const ready = await fetch(`http://127.0.0.1:${port}/health/ready`);

    expect((await fetch(`http://127.0.0.1:${port}/health/live`)).status).toBe(200);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: 'ok', info: { database: { status: 'up' } } });
  });

  it('refuses to boot without a DATABASE_URL, naming it', () => {
    const result = spawnSync(process.execPath, [path.join(__dirname, '..', 'dist', 'main.js')], {
      env: { PATH: process.env.PATH, NATS_URL: nats.url },
      encoding: 'utf8',
      timeout: 20000,
    });

    expect(result.status).toBe(1);
    expect(result.stderr).toContain('DATABASE_URL: DATABASE_URL must be a postgres://user:password@host:port/database URL');
  });
});
