// The server half of `npm run bench:gateway` (tools/bench/gateway-frameworks.ts runs the load): the gateway's Nest
// module on the adapter named in argv, with the three services on the in-process bus against the PostgreSQL of
// argv, plus a benchmark-only echo route. Prints BENCH_SERVER_URL=<url> once listening.
import { Logger, Module, type INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { authServiceDescriptor } from '@memories/auth-service';
import { GatewayModule, configureGatewayApp, loadGatewayConfig } from '@memories/gateway';
import { memoryServiceDescriptor } from '@memories/memory-service';
import {
  InProcessBroker,
  migrateService,
  runMain,
  startInProcessService,
  type DatabaseServerConfig,
  type ServiceDescriptor,
} from '@memories/nest-common';
import { uploadServiceDescriptor } from '@memories/upload-service';
import { EchoController } from './echo.controller';

@Module({ controllers: [EchoController] })
class EchoModule {}

async function startService<T extends DatabaseServerConfig>(
  descriptor: ServiceDescriptor<T>,
  env: Record<string, string>,
  broker: InProcessBroker,
) {
  await migrateService(descriptor, env);
  await startInProcessService(descriptor, descriptor.loadConfig(env), broker);
}

runMain(async () => {
  const [adapter, databaseUrl] = process.argv.slice(2);
  Logger.overrideLogger(['error']);
  const env = { DATABASE_URL: databaseUrl, BUS_TRANSPORT: 'in-process', LOG_LEVEL: 'error' };
  const broker = new InProcessBroker();
  await startService(authServiceDescriptor, env, broker);
  await startService(memoryServiceDescriptor, env, broker);
  await startService(uploadServiceDescriptor, env, broker);
  const module = GatewayModule.forRoot(loadGatewayConfig(env), { broker, imports: [EchoModule] });
  let app: INestApplication;
  if (adapter === 'express') {
    // Loaded only here: Express is a dev-only dependency, measured against the chosen Fastify.
    const { ExpressAdapter } = await import('@nestjs/platform-express');
    app = await NestFactory.create(module, new ExpressAdapter(), { logger: ['error'] });
  } else {
    app = await NestFactory.create(module, new FastifyAdapter(), { logger: ['error'] });
  }
  configureGatewayApp(app);
  await app.listen(0, '127.0.0.1');
  process.stdout.write(`BENCH_SERVER_URL=${await app.getUrl()}\n`);
});
