import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { Body, Controller, Module, Post } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { IsString, MaxLength } from 'class-validator';
import { Public, generateEs256KeyPair } from '@memories/nest-common';
import { getFreePort, startNatsServer, type TestNatsServer } from '@memories/server-testing';
import { createGatewayApp, loadGatewayConfig } from '../src';

class NoteDto {
  @IsString()
  @MaxLength(20)
  text!: string;
}

const { publicKey } = generateEs256KeyPair();

// A route with a DTO, mounted only in this test, to exercise validation and body parsing end to end.
@Public()
@Controller('test-notes')
class NoteController {
  @Post()
  create(@Body() note: NoteDto) {
    return { success: true, data: note };
  }
}

@Module({ controllers: [NoteController] })
class NoteModule {}

describe('gateway over a real nats-server', () => {
  let nats: TestNatsServer;
  let app: NestFastifyApplication;
  let base: string;

  beforeAll(async () => {
    nats = await startNatsServer();
    const config = loadGatewayConfig({
      NATS_URL: nats.url,
      BUS_TIMEOUT_MS: '2000',
      LOG_LEVEL: 'fatal',
      AUTH_JWT_PUBLIC_KEY: publicKey,
    });
    app = await createGatewayApp(config, { imports: [NoteModule] });
    await app.listen(0, '127.0.0.1');
    base = await app.getUrl();
  });

  afterAll(async () => {
    await app?.close();
    await nats?.stop();
  });

  const post = (url: string, body: string) =>
    fetch(`${base}${url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });

  // BUS_UNAVAILABLE with "No service is listening" is the bus's immediate no-responders answer, not a timeout.
  it('answers 503 at once, naming every service, when no service listens on the bus', async () => {
    const response = await fetch(`${base}/api/health`);
    const body = await response.json();

    expect(response.status).toBe(503);
    expect(body).toMatchObject({ success: false, error: { code: 'SERVICE_UNHEALTHY' } });
    expect(body.message).toContain('auth is down (No service is listening on "auth.health.check")');
    expect(
      body.error.detail.services.map((s: { name: string; error: { code: string } }) => [s.name, s.error.code]),
    ).toEqual([
      ['auth', 'BUS_UNAVAILABLE'],
      ['memory', 'BUS_UNAVAILABLE'],
      ['upload', 'BUS_UNAVAILABLE'],
      ['notify', 'BUS_UNAVAILABLE'],
    ]);
    expect(body.error.detail.postgres.status).toBe('unknown');
  });

  it('answers an unknown /api route with the 404 envelope', async () => {
    const response = await fetch(`${base}/api/no-such-thing`);

    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      success: false,
      message: 'Cannot GET /api/no-such-thing',
      error: { code: 'NOT_FOUND' },
    });
  });

  it('answers a malformed JSON body with the 400 envelope', async () => {
    const response = await post('/api/test-notes', '{"text": ');
    const body = await response.json();

    expect(response.status).toBe(400);
    expect(body).toMatchObject({ success: false, error: { code: 'MALFORMED_REQUEST' } });
    expect(body.message).toBe("Body is not valid JSON but content-type is set to 'application/json'");
  });

  it('rejects unknown and invalid fields with a clear 400 message', async () => {
    const response = await post('/api/test-notes', JSON.stringify({ text: 'x'.repeat(21), admin: true }));

    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      success: false,
      message:
        'Validation failed: property admin should not exist; text must be shorter than or equal to 20 characters',
      error: {
        code: 'VALIDATION_FAILED',
        detail: [
          { field: 'admin', messages: ['property admin should not exist'] },
          { field: 'text', messages: ['text must be shorter than or equal to 20 characters'] },
        ],
      },
    });
  });

  it('passes valid bodies through and echoes a correlation id', async () => {
    const response = await fetch(`${base}/api/test-notes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-correlation-id': 'trace-42' },
      body: JSON.stringify({ text: 'hello' }),
    });

    expect(response.status).toBe(201);
    expect(response.headers.get('x-correlation-id')).toBe('trace-42');
    expect(await response.json()).toEqual({ success: true, data: { text: 'hello' } });
  });

  it('serves its liveness and readiness probes outside /api', async () => {
    expect((await fetch(`${base}/health/live`)).status).toBe(200);
    expect((await fetch(`${base}/health/ready`)).status).toBe(200);
  });

  it('publishes the OpenAPI document at /api/docs', async () => {
    const document = await (await fetch(`${base}/api/docs/json`)).json();

    expect(document.paths).toHaveProperty('/api/health');
    expect((await fetch(`${base}/api/docs`)).status).toBe(200);
  });
});

describe('gateway process', () => {
  const main = path.join(__dirname, '..', 'dist', 'main.js');

  // A separate process: a NATS client waiting for its first connection retries until the process ends.
  it('answers 503 within the timeout when NATS cannot be reached, instead of hanging', async () => {
    const port = await getFreePort();
    const gateway = spawn(process.execPath, [main], {
      env: {
        PATH: process.env.PATH,
        PORT: String(port),
        NATS_URL: `nats://127.0.0.1:${await getFreePort()}`,
        BUS_TIMEOUT_MS: '500',
        AUTH_JWT_PUBLIC_KEY: publicKey,
      },
    });
    try {
      await new Promise<void>((resolve, reject) => {
        gateway.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('gateway ready') && resolve());
        gateway.once('exit', (code) => reject(new Error(`gateway exited with ${code}`)));
      });
      // An answer at all is the point: "not connected" comes from the request's own timeout (BUS_TIMEOUT_MS), where
      // a request queued for a connection that never comes would hang until the test's timeout.
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      const body = await response.json();

      expect(response.status).toBe(503);
      expect(body.error.detail.services[0].error).toEqual({
        code: 'BUS_UNAVAILABLE',
        message: 'The message bus could not deliver "auth.health.check": not connected',
      });
    } finally {
      gateway.kill('SIGTERM');
      await new Promise((resolve) => (gateway.exitCode !== null ? resolve(undefined) : gateway.once('exit', resolve)));
    }
  });

  it('refuses to boot with a bad environment value, naming the variable', () => {
    const result = spawnSync(process.execPath, [main], {
      env: { ...process.env, PORT: 'eighty', BUS_TRANSPORT: 'carrier-pigeon' },
      encoding: 'utf8',
      timeout: 20000,
    });

    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Invalid configuration:');
    expect(result.stderr).toContain('PORT: PORT must be an integer number (got "eighty")');
    expect(result.stderr).toContain(
      'BUS_TRANSPORT: BUS_TRANSPORT must be one of the following values: nats, in-process',
    );
    expect(result.stderr).not.toContain('    at ');
  });
});
