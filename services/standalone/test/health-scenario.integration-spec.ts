import type { INestApplication, INestMicroservice } from '@nestjs/common';
import { authServiceDescriptor } from '@memories/auth-service';
import { createGatewayApp, loadGatewayConfig } from '@memories/gateway';
import { memoryServiceDescriptor } from '@memories/memory-service';
import {
  InProcessBroker,
  bootstrapService,
  generateEs256KeyPair,
  migrateService,
  startInProcessService,
  type Environment,
  type ServiceDescriptor,
} from '@memories/nest-common';
import {
  getFreePort,
  startNatsServer,
  startTestPostgres,
  type TestNatsServer,
  type TestPostgres,
} from '@memories/server-testing';
import { notifyServiceDescriptor } from '@memories/notify-service';
import { uploadServiceDescriptor } from '@memories/upload-service';

const BUS_TIMEOUT_MS = 1500;
const descriptors: ServiceDescriptor[] = [
  authServiceDescriptor,
  memoryServiceDescriptor,
  uploadServiceDescriptor,
  notifyServiceDescriptor,
];
const keys = generateEs256KeyPair();

interface Deployment {
  gateway: INestApplication;
  services: Record<'auth' | 'memory' | 'upload' | 'notify', INestApplication | INestMicroservice>;
}

type Transport = 'nats' | 'in-process';

describe.each<Transport>(['nats', 'in-process'])('GET /api/health with every service over the %s bus', (transport) => {
  let postgres: TestPostgres;
  let nats: TestNatsServer | undefined;
  let deployment: Deployment;
  let base: string;
  // Filled as each service starts, so a deployment that fails half-way is still stopped (an open service would
  // keep Jest from ever exiting).
  const started: Partial<Deployment['services']> = {};

  async function deploy(): Promise<Deployment> {
    const common: Environment = {
      LOG_LEVEL: 'fatal',
      BUS_TIMEOUT_MS: String(BUS_TIMEOUT_MS),
      DATABASE_URL: postgres.url,
      AUTH_JWT_PRIVATE_KEY: keys.privateKey,
      // The upload service reads the access token of its media cookie, so it needs the public half too.
      AUTH_JWT_PUBLIC_KEY: keys.publicKey,
    };
    const broker = new InProcessBroker();
    const services = started;
    for (const descriptor of descriptors) {
      await migrateService(descriptor, common);
      services[descriptor.name] =
        transport === 'nats'
          ? // Separate apps, each with its own probes port and NATS connection, as in separate processes.
            await bootstrapService(descriptor, { ...common, NATS_URL: nats!.url, PORT: String(await getFreePort()) })
          : await startInProcessService(
              descriptor,
              descriptor.loadConfig({ ...common, BUS_TRANSPORT: 'in-process' }),
              broker,
            );
    }
    const gateway = await createGatewayApp(
      loadGatewayConfig({
        ...common,
        BUS_TRANSPORT: transport,
        NATS_URL: nats?.url,
        AUTH_JWT_PUBLIC_KEY: keys.publicKey,
      }),
      { broker },
    );
    await gateway.listen(0, '127.0.0.1');
    return { gateway, services: services as Deployment['services'] };
  }

  beforeAll(async () => {
    [postgres, nats] = await Promise.all([startTestPostgres(), transport === 'nats' ? startNatsServer() : undefined]);
    deployment = await deploy();
    base = await deployment.gateway.getUrl();
  });

  afterAll(async () => {
    await deployment?.gateway.close();
    await Promise.all(Object.values(started).map((service) => service.close()));
    await Promise.all([nats?.stop(), postgres?.stop()]);
  });

  it('answers 200 listing every service and PostgreSQL as up', async () => {
    const response = await fetch(`${base}/api/health`, { headers: { 'x-correlation-id': `scenario-${transport}` } });

    expect(response.status).toBe(200);
    expect(response.headers.get('x-correlation-id')).toBe(`scenario-${transport}`);
    expect(await response.json()).toEqual({
      success: true,
      data: {
        status: 'up',
        services: ['auth', 'memory', 'upload', 'notify'].map((name) => ({
          name,
          status: 'up',
          database: { status: 'up' },
          latencyMs: expect.any(Number),
        })),
        postgres: { status: 'up' },
      },
    });
  });

  // "No service is listening" is the bus's immediate no-responders answer; a check that waited out the bus timeout
  // would say "No answer on … within 1500 ms" instead, so the message proves the stopped service was not waited for.
  it('answers 503 naming the stopped service as not listening, without waiting for the bus timeout', async () => {
    await deployment.services.memory.close();

    const response = await fetch(`${base}/api/health`);
    const body = await response.json();

    expect(response.status).toBe(503);
    expect(body.message).toBe(
      'Some parts of Memories are unavailable: memory is down (No service is listening on "memory.health.check")',
    );
    expect(body.error.code).toBe('SERVICE_UNHEALTHY');
    expect(body.error.detail.services.map((s: { name: string; status: string }) => `${s.name}:${s.status}`)).toEqual([
      'auth:up',
      'memory:down',
      'upload:up',
      'notify:up',
    ]);
    expect(body.error.detail.postgres).toEqual({ status: 'up' });
  });
});
