import { type INestApplication, Logger, RequestMethod } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import fastifyCookie from '@fastify/cookie';
import { SwaggerModule } from '@nestjs/swagger';
import helmet from 'helmet';
import { CORRELATION_ID_HEADER, correlationIdOf, enabledLogLevels, replyToClientError } from '@memories/nest-common';
import type { GatewayConfig } from './config/gateway.config';
import { GatewayModule, type GatewayModuleOptions } from './gateway.module';
import { replyToFrameworkError } from './http/framework-errors';
import { API_PREFIX, createApiDocument } from './openapi/api-document';

export { API_PREFIX };

/**
 * Largest request body. A memory's contentJson may be 2 MiB (MAX_CONTENT_JSON_BYTES); the web app sends it as an
 * escaped JSON string (quotes gain a backslash) together with the document's HTML (about as long again), so a
 * legitimate save at the cap is up to ~4.5 MiB. Fastify answers anything larger with 413 before a route runs.
 */
export const API_BODY_LIMIT_BYTES = 5 * 1024 * 1024;

/**
 * Security headers of every answer (API, and the web app in the embedded mode): no inline or foreign scripts,
 * inline styles allowed because Emotion injects them, no framing, no MIME sniffing, no referrer off the origin.
 * `upgrade-insecure-requests` is left out: it would break the plain-http local origin.
 */
export const SECURITY_HEADERS = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      'default-src': ["'self'"],
      'script-src': ["'self'"],
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:', 'blob:', 'https:', 'http:'],
      'font-src': ["'self'", 'data:'],
      'connect-src': ["'self'"],
      'object-src': ["'none'"],
      'base-uri': ["'self'"],
      'form-action': ["'self'"],
      'frame-ancestors': ["'none'"],
    },
  },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' as const },
  frameguard: { action: 'deny' as const },
  crossOriginEmbedderPolicy: false,
};

/** Everything that does not depend on the HTTP adapter: the /api prefix (probes stay at /health/*) and OpenAPI. */
export function configureGatewayApp(app: INestApplication): void {
  app.setGlobalPrefix(API_PREFIX, {
    exclude: [
      { path: 'health/live', method: RequestMethod.GET },
      { path: 'health/ready', method: RequestMethod.GET },
    ],
  });
  const { document, problems } = createApiDocument(app);
  // The contract test fails on these; a running gateway still serves what it can describe.
  for (const problem of problems) new Logger('openapi').warn(`The API document is incomplete: ${problem}`);
  SwaggerModule.setup(`${API_PREFIX}/docs`, app, document, { jsonDocumentUrl: `${API_PREFIX}/docs/json` });
}

/** The gateway on Fastify (chosen by measurement, see docs/performance.md), configured but not yet listening. */
export async function createGatewayApp(
  config: GatewayConfig,
  options: GatewayModuleOptions = {},
): Promise<NestFastifyApplication> {
  const app = await NestFactory.create<NestFastifyApplication>(
    GatewayModule.forRoot(config, options),
    // Only the given number of proxies in front may name the client (X-Forwarded-For): the rate limits key on it.
    new FastifyAdapter({
      trustProxy: config.TRUST_PROXY_HOPS,
      bodyLimit: API_BODY_LIMIT_BYTES,
      frameworkErrors: replyToFrameworkError,
      clientErrorHandler: replyToClientError,
    }),
    { logger: enabledLogLevels(config.LOG_LEVEL) },
  );
  await app.register(fastifyCookie);
  // Helmet's middleware built once: @fastify/helmet builds it again (parsing the CSP) on every request.
  const applySecurityHeaders = helmet(SECURITY_HEADERS);
  app.getHttpAdapter().getInstance().addHook('onRequest', (request, reply, done) => {
    // The correlation id on every answer, so that a client can quote it when reporting a problem (a hook rather
    // than a Nest interceptor: a global interceptor wraps every handler in an rxjs pipeline).
    reply.header(CORRELATION_ID_HEADER, correlationIdOf(request));
    applySecurityHeaders(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined));
  });
  configureGatewayApp(app);
  return app;
}
