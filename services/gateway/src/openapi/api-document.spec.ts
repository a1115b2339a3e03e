import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { CanActivate, Controller, Get, Injectable, Module, UseGuards } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { MAX_PAGE_SIZE, SERVICE_HTTP_APIS, type OpenApiOperation, type OpenApiSchema } from '@memories/contracts';
import { InProcessBroker, generateEs256KeyPair } from '@memories/nest-common';
import {
  compareRoutesWithDocument,
  documentedRoutesOf,
  recordRoutes,
  type ApiDocumentLike,
  type ServedRoute,
} from '@memories/server-testing';
import { loadGatewayConfig } from '../config/gateway.config';
import { createGatewayApp } from '../gateway.app';
import type { GatewayModuleOptions } from '../gateway.module';
import { ApiRoute } from './api-route.decorator';
import { createApiDocument } from './api-document';

const GATEWAY_ROOT = path.resolve(__dirname, '..', '..');
const REDOCLY = path.resolve(GATEWAY_ROOT, '..', '..', 'node_modules', '.bin', 'redocly');
const keys = generateEs256KeyPair();

/** The gateway as it runs, on an in-process bus with no service behind it: enough to build and serve the document. */
async function startGateway(
  options: GatewayModuleOptions = {},
): Promise<{ app: NestFastifyApplication; served: ServedRoute[] }> {
  const config = loadGatewayConfig({
    BUS_TRANSPORT: 'in-process',
    AUTH_JWT_PUBLIC_KEY: keys.publicKey,
    LOG_LEVEL: 'fatal',
  });
  const app = await createGatewayApp(config, { broker: new InProcessBroker(), ...options });
  // Attached before init, when Nest registers the controllers' routes.
  const served = recordRoutes(app.getHttpAdapter().getInstance());
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  return { app, served };
}

/** The problems .redocly.lint-ignore.yaml keeps, each with its reason. */
const KEPT_LINT_PROBLEMS = 5;

interface RedoclyProblem {
  ruleId: string;
  ignored?: boolean;
  severity: 'error' | 'warn';
  message: string;
  location: Array<{ pointer: string }>;
}

describe('the API document', () => {
  let app: NestFastifyApplication;
  let served: ServedRoute[];
  let document: ApiDocumentLike & {
    components: { schemas: Record<string, OpenApiSchema>; securitySchemes: Record<string, unknown> };
  };
  const operation = (method: string, route: string) => document.paths[route][method] as OpenApiOperation;
  const codesOf = (op: OpenApiOperation, status: number) => {
    const schema = op.responses[String(status)]?.content?.['application/json']?.schema as OpenApiSchema;
    return ((schema.properties as Record<string, OpenApiSchema>).error.properties as Record<string, OpenApiSchema>).code
      .enum;
  };

  beforeAll(async () => {
    ({ app, served } = await startGateway());
    document = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  });

  afterAll(async () => {
    await app?.close();
  });

  it('describes every gateway route with @ApiRoute and every guard with @ApiGuardAnswers', () => {
    expect(createApiDocument(app).problems).toEqual([]);
  });

  it('lists every route served under /api and no route that is not served', () => {
    const serviceRoutes = SERVICE_HTTP_APIS.flatMap((api) => api.routes);
    const isServiceRoute = (route: { method: string; path: string }) =>
      serviceRoutes.some((s) => s.method === route.method && s.path === route.path);
    const gatewayRoutes = documentedRoutesOf(document).filter((route) => !isServiceRoute(route));

    expect(compareRoutesWithDocument(served, gatewayRoutes, { prefix: '/api/', ignored: ['/api/docs'] })).toEqual({
      undocumented: [],
      unserved: [],
    });
    for (const route of serviceRoutes) {
      expect(operation(route.method.toLowerCase(), route.path)).toEqual(
        expect.objectContaining({
          operationId: route.operation.operationId,
          parameters: route.operation.parameters,
          security: route.operation.security,
        }),
      );
    }
  });

  it('passes redocly lint with the recommended rules: no error, no warning, only the listed exceptions', () => {
    // Beside the unit results: where .redocly.lint-ignore.yaml names it, and a copy of the document for clients.
    const file = path.join(GATEWAY_ROOT, 'test-results', 'openapi.json');
    writeFileSync(file, JSON.stringify(document, null, 2));
    const lint = spawnSync(
      REDOCLY,
      ['lint', file, '--config', path.join(GATEWAY_ROOT, 'redocly.yaml'), '--format=json'],
      {
        encoding: 'utf8',
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      },
    );
    const report = JSON.parse(lint.stdout.slice(lint.stdout.indexOf('{'))) as {
      totals: { ignored: number };
      problems: RedoclyProblem[];
    };
    const problems = report.problems
      .filter((p) => p.ignored !== true)
      .map((p) => `${p.severity} ${p.ruleId} at ${p.location[0]?.pointer}: ${p.message}`);

    expect(problems).toEqual([]);
    expect(report.totals.ignored).toBe(KEPT_LINT_PROBLEMS);
  });

  it('takes each success status from the route: 201 for a create, 200 where @HttpCode says so', () => {
    expect(Object.keys(operation('post', '/api/memories/memory').responses)).toContain('201');
    expect(Object.keys(operation('post', '/api/memories/memory').responses)).not.toContain('200');
    expect(Object.keys(operation('post', '/api/memories/memory/{id}/publish').responses)).toContain('200');
    expect(Object.keys(operation('post', '/api/auth/login').responses)).not.toContain('201');
  });

  it('lists each failure under the status the gateway maps its code to, with the envelope', () => {
    const read = operation('get', '/api/memories/memory/{id}');
    expect(codesOf(read, 404)).toEqual(['MEMORY_NOT_FOUND']);
    expect(codesOf(read, 401)).toEqual(['ACCESS_TOKEN_UNAUTHORIZED']);
    expect(codesOf(read, 400)).toEqual(['VALIDATION_FAILED']);
    expect(codesOf(read, 504)).toEqual(['BUS_TIMEOUT']);
    const register = operation('post', '/api/auth/register');
    expect(codesOf(register, 409)).toEqual(['USER_ALREADY_EXISTS']);
    expect(codesOf(register, 429)).toEqual(['AUTH_RATE_LIMITED']);
    expect(codesOf(register, 413)).toEqual(['PAYLOAD_TOO_LARGE']);
    expect(codesOf(operation('post', '/api/auth/login'), 401)).toEqual(['CREDENTIALS_UNAUTHORIZED']);
    expect(codesOf(operation('put', '/api/upload/files/users/{userId}/{fileName}'), 415)).toEqual([
      'UPLOAD_CONTENT_INVALID',
      'UPLOAD_TYPE_INVALID',
    ]);
  });

  it('asks for the access token where the guard does, and for the refresh cookie and client header on refresh', () => {
    expect(operation('get', '/api/memories/my').security).toEqual([{ bearer: [] }]);
    expect(operation('post', '/api/auth/login').security).toEqual([]);
    expect(operation('get', '/api/health').security).toEqual([]);
    const refresh = operation('post', '/api/auth/refresh');
    expect(refresh.security).toEqual([{ refreshCookie: [] }]);
    expect(refresh.parameters).toEqual([
      expect.objectContaining({ name: 'X-Requested-With', in: 'header', required: true }),
    ]);
    expect(codesOf(refresh, 403)).toEqual(['CLIENT_HEADER_FORBIDDEN']);
    expect(operation('post', '/api/auth/logout').security).toEqual([{ refreshCookie: [] }, {}]);
    expect(operation('get', '/api/files/users/{userId}/{fileName}').security).toEqual([{ mediaCookie: [] }]);
    expect(document.components.securitySchemes).toEqual(
      expect.objectContaining({
        bearer: expect.objectContaining({ scheme: 'bearer' }),
        mediaCookie: expect.objectContaining({ name: 'memories_media' }),
      }),
    );
  });

  it('documents parameters with the types, ranges and enums the validation decorators enforce', () => {
    const list = operation('get', '/api/memories/my').parameters ?? [];
    const schemaOf = (name: string) => list.find((p) => p.name === name)?.schema;
    expect(schemaOf('size')).toEqual(expect.objectContaining({ type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE }));
    expect(schemaOf('sortBy')).toEqual(expect.objectContaining({ enum: ['createdAt', 'title'] }));
    expect(schemaOf('tags')).toEqual(expect.objectContaining({ type: 'array' }));
    expect(operation('get', '/api/memories/memory/{id}').parameters).toEqual([
      expect.objectContaining({
        name: 'id',
        in: 'path',
        required: true,
        schema: expect.objectContaining({ format: 'uuid' }),
      }),
    ]);
    // The invite a single sign-on starts with is as long as a registration's inviteToken may be.
    expect(operation('get', '/api/auth/oidc/start').parameters).toContainEqual(
      expect.objectContaining({
        name: 'invite',
        in: 'query',
        required: false,
        schema: expect.objectContaining({ type: 'string', maxLength: 128 }),
      }),
    );
  });

  it('accepts contentJson as the serialised document or the document, and answers it as the serialised document', () => {
    const body = document.components.schemas.MemoryBodyDto;
    const properties = body.properties as Record<string, OpenApiSchema>;
    expect(properties.contentJson.oneOf).toEqual([
      expect.objectContaining({ type: 'string' }),
      expect.objectContaining({ type: 'object' }),
    ]);
    expect(body.additionalProperties).toBe(false);
    expect((document.components.schemas.MemoryDto.properties as Record<string, OpenApiSchema>).contentJson.type).toBe(
      'string',
    );
  });

  it("puts an answer's own fields next to data (a search's suggestion), and allows a null data where the route says so", () => {
    const answerOf = (route: string) =>
      operation('get', route).responses['200'].content?.['application/json']?.schema as OpenApiSchema;
    const search = answerOf('/api/memories/search');
    expect(Object.keys(search.properties as object)).toEqual([
      'success',
      'data',
      'message',
      'pagination',
      'suggestion',
      'limited',
    ]);
    expect(search.required).toEqual(['success', 'data', 'pagination', 'limited']);
    expect(document.components.schemas).not.toHaveProperty('MemorySearchInfoDto');
    expect((answerOf('/api/memories/random').properties as Record<string, OpenApiSchema>).data.oneOf).toEqual([
      { $ref: '#/components/schemas/MemorySummaryDto' },
      expect.objectContaining({ enum: [null] }),
    ]);
  });

  it('gives every operation an example answer', () => {
    for (const [route, item] of Object.entries(document.paths)) {
      for (const op of Object.values(item) as OpenApiOperation[]) {
        // A browser's navigation (single sign-on) answers a redirect, which has no body to show.
        if (op.responses['302']?.headers?.Location) continue;
        const success = Object.entries(op.responses).find(([status]) => status.startsWith('2'))?.[1];
        // A file answer (an image, an archive) is its own example.
        const file = Object.entries(success?.content ?? {}).find(([type]) => type !== 'application/json')?.[1];
        const example = success?.content?.['application/json']?.example ?? file;
        expect([route, example]).toEqual([route, expect.anything()]);
      }
    }
  });

  describe('a route added without the convention', () => {
    @Injectable()
    class UndocumentedGuard implements CanActivate {
      canActivate(): boolean {
        return true;
      }
    }

    @Controller('probes')
    class ProbeController {
      @Get('plain')
      plain(): string {
        return 'plain';
      }

      @Get('guarded')
      @UseGuards(UndocumentedGuard)
      @ApiRoute({ summary: 'A guarded probe', data: String })
      guarded(): string {
        return 'guarded';
      }
    }

    @Module({ controllers: [ProbeController], providers: [UndocumentedGuard] })
    class ProbeModule {}

    it('is reported: a route without @ApiRoute, a guard without @ApiGuardAnswers', async () => {
      const probe = await startGateway({ imports: [ProbeModule] });
      try {
        expect(createApiDocument(probe.app).problems).toEqual([
          'GET /api/probes/plain: no @ApiRoute(...) declares its answers',
          'GET /api/probes/guarded: UndocumentedGuard has no @ApiGuardAnswers(...)',
        ]);
      } finally {
        await probe.app.close();
      }
    });
  });
});
