import { type INestApplication, RequestMethod } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { enabledLogLevels } from '@memories/nest-common';
import type { GatewayConfig } from './config/gateway.config';
import { GatewayModule, type GatewayModuleOptions } from './gateway.module';

export const API_PREFIX = 'api';

/** Everything that does not depend on the HTTP adapter: the /api prefix (probes stay at /health/*) and OpenAPI. */
export function configureGatewayApp(app: INestApplication): void {
  app.setGlobalPrefix(API_PREFIX, {
    exclude: [
      { path: 'health/live', method: RequestMethod.GET },
      { path: 'health/ready', method: RequestMethod.GET },
    ],
  });
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Memories API')
      .setDescription('Answers are { success, data, message?, pagination? } or { success: false, message, error }.')
      .setVersion('0.1.0')
      .build(),
  );
  SwaggerModule.setup(`${API_PREFIX}/docs`, app, document, { jsonDocumentUrl: `${API_PREFIX}/docs/json` });
}

/** The gateway on Fastify (chosen by measurement, see docs/performance.md), configured but not yet listening. */
export async function createGatewayApp(
  config: GatewayConfig,
  options: GatewayModuleOptions = {},
): Promise<NestFastifyApplication> {
  const app = await NestFactory.create<NestFastifyApplication>(
    GatewayModule.forRoot(config, options),
    new FastifyAdapter({ trustProxy: true }),
    { logger: enabledLogLevels(config.LOG_LEVEL) },
  );
  configureGatewayApp(app);
  return app;
}
