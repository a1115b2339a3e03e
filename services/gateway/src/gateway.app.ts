import type { IncomingMessage, ServerResponse } from 'node:http';
import { type INestApplication, Logger, RequestMethod } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import fastifyCookie from '@fastify/cookie';
import { SwaggerModule } from '@nestjs/swagger';
import helmet from 'helmet';
import {
  CORRELATION_ID_HEADER,
  NestPinoLogger,
  correlationIdOf,
  observeHttpRequests,
  registerMetricsRoute,
  replyToClientError,
  replyToFrameworkError,
  type MetricsAccess,
} from '@memories/nest-common';
import type { GatewayConfig } from './config/gateway.config';
import { GatewayModule, type GatewayModuleOptions } from './gateway.module';
import { serializeReply } from './http/json-reply';
import { API_PREFIX, createApiDocument } from './openapi/api-document';

export { API_PREFIX };

/**
 * Largest request body. A memory's contentJson may be 2 MiB (MAX_CONTENT_JSON_BYTES); the web app sends it as an
 * escaped JSON string (quotes gain a backslash) together with the document's HTML (about as long again), so a
 * legitimate save at the cap is up to ~4.5 MiB. Fastify answers anything larger with 413 before a route runs.
 */
export const API_BODY_LIMIT_BYTES = 5 * 1024 * 1024;

/**
 * Security headers of every answer (API, and the web app in the embedded mode): no inline, evaluated or foreign scripts,
 * inline styles allowed because Emotion injects them, no framing, no MIME sniffing, no referrer off the origin.
 * `upgrade-insecure-requests` is left out: it would break the plain-http local origin.
 */
export const SECURITY_HEADERS = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      'default-src': ["'self'"],
      // WebAssembly may be compiled (a locked journal's Argon2id runs in it); eval and inline scripts stay refused.
      'script-src': ["'self'", "'wasm-unsafe-eval'"],
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

/**
 * Helmet's headers for SECURITY_HEADERS, worked out once: with these options (no nonce, no function directive) none
 * of them depends on the request, and running helmet's chain of twelve middlewares on every request cost ~3 % of
 * the gateway's CPU under load.
 */
function securityHeaderValues(): Array<[string, string]> {
  const headers: Array<[string, string]> = [];
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => headers.push([name, String(value)]),
    // Helmet removes X-Powered-By, which neither Node nor Fastify sets.
    removeHeader: () => undefined,
  };
  let finished = false;
  helmet(SECURITY_HEADERS)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
    finished = true;
  });
  // A helmet that one day waits for something before it sets its headers would leave this list short.
  if (!finished || headers.length === 0) throw new Error('helmet did not set its headers at once');
  return headers;
}

/** Everything that does not depend on the HTTP adapter: the /api prefix (probes stay at /health/*) and OpenAPI. */
export function configureGatewayApp(app: INestApplication): void {
  app.setGlobalPrefix(API_PREFIX, {
    exclude: [
      { path: 'health/live', method: RequestMethod.GET },
      { path: 'health/ready', method: RequestMethod.GET },
    ],
  });
  // Built when first asked for, not at start: most processes never serve it, and kept it is ~4 MB (issue 39).
  const describeApi = () => {
    const { document, problems } = createApiDocument(app);
    // The contract test fails on these; a running gateway still serves what it can describe.
    for (const problem of problems) new Logger('openapi').warn(`The API document is incomplete: ${problem}`);
    return document;
  };
  SwaggerModule.setup(`${API_PREFIX}/docs`, app, describeApi, { jsonDocumentUrl: `${API_PREFIX}/docs/json` });
}

export interface GatewayAppOptions extends GatewayModuleOptions {
  /**
   * Who may read /metrics on the gateway's port (in `npm start`, the metrics of the whole process): by default only
   * this machine.
   */
  metrics?: MetricsAccess;
}

/**
 * The gateway on Fastify (chosen by measurement, see docs/performance.md), configured but not yet listening. It logs
 * through the process' logger, which its entry point (main.ts, or the standalone) configured.
 */
export async function createGatewayApp(
  config: GatewayConfig,
  options: GatewayAppOptions = {},
): Promise<NestFastifyApplication> {
  // Only the given number of proxies in front may name the client (X-Forwarded-For): the rate limits key on it.
  const adapter = new FastifyAdapter({
    trustProxy: config.TRUST_PROXY_HOPS,
    bodyLimit: API_BODY_LIMIT_BYTES,
    frameworkErrors: replyToFrameworkError,
    clientErrorHandler: replyToClientError,
  });
  // Before Nest registers the routes: each route's timing is prepared as it is registered.
  observeHttpRequests(adapter.getInstance(), 'gateway');
  registerMetricsRoute(adapter.getInstance(), options.metrics ?? { localOnly: true });
  const app = await NestFactory.create<NestFastifyApplication>(GatewayModule.forRoot(config, options), adapter, {
    logger: new NestPinoLogger(),
  });
  await app.register(fastifyCookie);
  // Before the routes are registered (listen): Fastify gives each route the serializer it has then.
  app.getHttpAdapter().getInstance().setReplySerializer(serializeReply);
  const securityHeaders = securityHeaderValues();
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onRequest', (request, reply, done) => {
      // The correlation id on every answer, so that a client can quote it when reporting a problem (a hook rather
      // than a Nest interceptor: a global interceptor wraps every handler in an rxjs pipeline).
      reply.header(CORRELATION_ID_HEADER, correlationIdOf(request));
      // On the raw answer, as helmet sets them: they also go out with an answer written past Fastify.
      for (const [name, value] of securityHeaders) reply.raw.setHeader(name, value);
      done();
    });
  configureGatewayApp(app);
  return app;
}
