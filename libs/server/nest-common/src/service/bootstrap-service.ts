import { Logger, type INestApplication, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { HttpEnvelopeFilter, replyToClientError, replyToFrameworkError } from '../http/framework-error.reply';
import { busOptionsFrom } from '../bus/bus-options';
import { createBusServer } from '../bus/bus-transport.factory';
import type { InProcessBroker } from '../bus/in-process/in-process-broker';
import { InProcessServer } from '../bus/in-process/in-process.server';
import type { DatabaseServerConfig } from '../config/server.config';
import type { Environment } from '../config/validate-config';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { assertNoNewerMigrations, migrateDatabase } from '../database/data-source.factory';
import { NestPinoLogger } from '../logging/nest-pino.logger';
import { configureServiceLogging } from '../logging/service-logging';
import { registerMetricsRoute } from '../metrics/metrics-route';
import { observeHttpRequests } from '../http/request-observability';
import type { ServiceDescriptor } from './service-descriptor';

/**
 * Starts a service as its own process: the HTTP probes and /metrics on HOST:PORT first (so an orchestrator sees the
 * process alive while NATS is still unreachable), then the bus listener in the service's queue group.
 */
export async function bootstrapService<TConfig extends DatabaseServerConfig>(
  descriptor: ServiceDescriptor<TConfig>,
  env: Environment = process.env,
): Promise<INestApplication> {
  const config = descriptor.loadConfig(env);
  configureServiceLogging({ service: descriptor.name, level: config.LOG_LEVEL, format: config.LOG_FORMAT });
  const adapter = new FastifyAdapter({
    frameworkErrors: replyToFrameworkError,
    clientErrorHandler: replyToClientError,
  });
  observeHttpRequests(adapter.getInstance(), descriptor.name);
  // The service's port is not published to the outside (the proxy and Ingress route only /api): open unless a token
  // is set.
  registerMetricsRoute(adapter.getInstance(), { token: config.METRICS_TOKEN, localOnly: false });
  const app = await NestFactory.create<NestFastifyApplication>(descriptor.createModule(config), adapter, {
    logger: new NestPinoLogger(),
  });
  // A release rolled back onto data a newer release migrated stops here, before it reads or writes anything.
  await assertNoNewerMigrations(app.get<DataSource>(getDataSourceToken(descriptor.database.schema)), {
    url: config.DATABASE_URL,
    ...descriptor.database,
  }).catch(async (error: unknown) => {
    await app.close();
    throw error;
  });
  app.useGlobalFilters(new HttpEnvelopeFilter());
  app.connectMicroservice(
    createBusServer(busOptionsFrom(config, descriptor.name), descriptor.name, descriptor.scopeEveryMessage),
  );
  app.enableShutdownHooks();
  await app.listen(config.PORT, config.HOST);
  await app.startAllMicroservices();
  new Logger(descriptor.name).log(
    `${descriptor.name} service ready: health on http://${config.HOST}:${config.PORT}/health/ready, bus ${config.BUS_TRANSPORT}`,
  );
  return app;
}

/** Starts a service inside another process (the standalone): bus listener only, on the in-process broker. */
export async function startInProcessService<TConfig extends DatabaseServerConfig>(
  descriptor: ServiceDescriptor<TConfig>,
  config: TConfig,
  broker?: InProcessBroker,
): Promise<INestMicroservice> {
  const app = await NestFactory.createMicroservice(descriptor.createModule(config), {
    strategy: new InProcessServer({ queue: descriptor.name, broker, scopeEveryMessage: descriptor.scopeEveryMessage }),
    logger: new NestPinoLogger(),
  });
  await app.listen();
  return app;
}

/** Applies a service's pending migrations (its `migrate` script, and the standalone at boot). */
export async function migrateService<TConfig extends DatabaseServerConfig>(
  descriptor: ServiceDescriptor<TConfig>,
  env: Environment = process.env,
  restoreHint?: string,
): Promise<string[]> {
  const config = descriptor.loadConfig(env);
  const applied = await migrateDatabase({ url: config.DATABASE_URL, ...descriptor.database }, restoreHint);
  new Logger(`${descriptor.name}:migrate`).log(
    applied.length > 0 ? `applied ${applied.join(', ')}` : `schema "${descriptor.database.schema}" is up to date`,
  );
  return applied;
}

/** A service's `migrate` script: its migrations, logged in the configured format. */
export async function runServiceMigrations<TConfig extends DatabaseServerConfig>(
  descriptor: ServiceDescriptor<TConfig>,
  env: Environment = process.env,
): Promise<string[]> {
  const config = descriptor.loadConfig(env);
  configureServiceLogging({ service: descriptor.name, level: config.LOG_LEVEL, format: config.LOG_FORMAT });
  return migrateService(descriptor, env);
}
