import type { INestApplication } from '@nestjs/common';
import { GUARDS_METADATA, HTTP_CODE_METADATA } from '@nestjs/common/constants';
import { DocumentBuilder, SwaggerModule, getSchemaPath, type OpenAPIObject } from '@nestjs/swagger';
import {
  ERROR_CODES,
  NULL_DATA_SCHEMA,
  PAGINATION_SCHEMA,
  REFRESH_COOKIE_NAME,
  SECURITY_SCHEMES,
  SERVICE_HTTP_APIS,
  errorResponses,
  successSchema,
  type ErrorAnswer,
  type OpenApiHeader,
  type OpenApiOperation,
  type OpenApiResponse,
  type OpenApiSchema,
  type OpenApiSecurity,
  type ServiceHttpApi,
} from '@memories/contracts';
import { CORRELATION_ID_HEADER, IS_PUBLIC_KEY, codeForHttpStatus, httpStatusForCode } from '@memories/nest-common';
import { JwtAuthGuard } from '../auth/jwt-auth.guard';
import { guardAnswersOf } from './api-guard-answers.decorator';
import { declaredRouteOf, declaredRoutes, type ApiDataType, type DeclaredRoute } from './api-route.decorator';
import { constrainObject, constrainParameters, routeInputsOf, validationSchemaOf } from './route-inputs';
import { exampleOf } from './schema-examples';

/** The path prefix of every route of the API (the gateway's global prefix, and the services' own HTTP routes). */
export const API_PREFIX = 'api';

export interface ApiDocument {
  document: OpenAPIObject;
  /** Routes the document cannot describe fully (no @ApiRoute, an undocumented guard); the contract test lists them. */
  problems: string[];
}

const METHODS = ['get', 'put', 'post', 'patch', 'delete'] as const;

/** Every gateway route can fail these ways: an unexpected error, or a service that is unreachable or slow. */
const EVERY_ROUTE_CODES = [
  ERROR_CODES.INTERNAL,
  ERROR_CODES.BUS_UNAVAILABLE,
  ERROR_CODES.BUS_TIMEOUT,
  ERROR_CODES.DATABASE_UNAVAILABLE,
];
/**
 * What Fastify answers, before a route runs, for a body it cannot take (malformed JSON, over the size limit, a type
 * it does not parse). It reads the body of every method that may carry one, whether the route uses it or not.
 */
const BODY_REFUSAL_STATUSES = [400, 413, 415];
const METHODS_WITH_BODY = new Set(['post', 'put', 'patch', 'delete']);

const CORRELATION_HEADER_REF = { $ref: '#/components/headers/CorrelationId' };
const SET_COOKIE_HEADER: OpenApiHeader = {
  description: `The refresh cookie (${REFRESH_COOKIE_NAME}, HttpOnly, on /api/auth) and the media cookie, set or cleared`,
  schema: { type: 'string' },
};

function dataSchemaOf(data: ApiDataType | null): OpenApiSchema {
  if (data === null) return NULL_DATA_SCHEMA;
  if ('oneOf' in data) return { oneOf: data.oneOf.map((item) => dataSchemaOf(item)) };
  if (Array.isArray(data)) return { type: 'array', items: dataSchemaOf(data[0]) };
  return data === String ? { type: 'string' } : { $ref: getSchemaPath(data) };
}

function isPublic(route: DeclaredRoute): boolean {
  return Boolean(
    Reflect.getMetadata(IS_PUBLIC_KEY, route.handler) ?? Reflect.getMetadata(IS_PUBLIC_KEY, route.controller),
  );
}

function securityOf(route: DeclaredRoute): OpenApiSecurity {
  const token: Record<string, string[]> = isPublic(route) ? {} : { [SECURITY_SCHEMES.bearer]: [] };
  const cookie = route.options.refreshCookie;
  if (!cookie) return Object.keys(token).length === 0 ? [] : [token];
  const withCookie = { ...token, [SECURITY_SCHEMES.refreshCookie]: [] };
  return cookie === 'required' ? [withCookie] : [withCookie, token];
}

/** The security, parameters, request constraints and every answer of one gateway route, from its own metadata. */
function describeOperation(
  operation: OpenApiOperation,
  method: string,
  route: DeclaredRoute,
  schemas: Record<string, OpenApiSchema>,
): string[] {
  const problems: string[] = [];
  const parameters = (operation.parameters ??= []);
  const inputs = routeInputsOf(route.controller, route.method);
  for (const input of inputs) {
    const enforced = validationSchemaOf(input.type);
    if (input.in !== 'body') {
      constrainParameters(parameters, input.in, enforced);
      continue;
    }
    const component = (schemas[input.type.name] ??= { type: 'object' });
    constrainObject(component, enforced);
    // The global validation pipe refuses unknown fields (forbidNonWhitelisted).
    component.additionalProperties = false;
  }

  // Validated input: the route's DTOs, and any parameter the route itself reads (not the headers guards check).
  const validatesInput = inputs.length > 0 || parameters.length > 0 || operation.requestBody !== undefined;

  // The global access-token guard runs first on every route that is not @Public(), then the route's own guards.
  const guards: unknown[] = [
    ...(isPublic(route) ? [] : [JwtAuthGuard]),
    ...((Reflect.getMetadata(GUARDS_METADATA, route.controller) ?? []) as unknown[]),
    ...((Reflect.getMetadata(GUARDS_METADATA, route.handler) ?? []) as unknown[]),
  ];
  const answers: ErrorAnswer[] = [...(route.options.errors ?? []), ...EVERY_ROUTE_CODES].map((code) => [
    httpStatusForCode(code),
    code,
  ]);
  for (const guard of guards) {
    const declared = guardAnswersOf(guard);
    if (!declared) {
      problems.push(`${(guard as { name?: string }).name ?? String(guard)} has no @ApiGuardAnswers(...)`);
      continue;
    }
    answers.push(...declared.errors.map((code): ErrorAnswer => [httpStatusForCode(code), code]));
    for (const header of declared.headers ?? [])
      if (!parameters.some((p) => p.name === header.name)) parameters.push({ ...header });
  }
  if (validatesInput) {
    answers.push([httpStatusForCode(ERROR_CODES.VALIDATION_FAILED), ERROR_CODES.VALIDATION_FAILED]);
  }
  if (METHODS_WITH_BODY.has(method))
    answers.push(...BODY_REFUSAL_STATUSES.map((status): ErrorAnswer => [status, codeForHttpStatus(status)]));

  const status = Number(Reflect.getMetadata(HTTP_CODE_METADATA, route.handler) ?? (method === 'post' ? 201 : 200));
  const headers: OpenApiResponse['headers'] = { [CORRELATION_ID_HEADER]: CORRELATION_HEADER_REF };
  if (route.options.setsCookies) headers['Set-Cookie'] = SET_COOKIE_HEADER;
  if (route.options.redirects) headers.Location = { description: route.options.redirects, schema: { type: 'string' } };
  const success: OpenApiResponse = { description: operation.summary, headers };
  if (status !== 204 && !route.options.redirects) {
    const data = dataSchemaOf(route.options.data);
    const schema = successSchema(route.options.nullable ? { oneOf: [data, NULL_DATA_SCHEMA] } : data, {
      paginated: route.options.paginated,
      pagination: { $ref: '#/components/schemas/Pagination' },
    });
    // The answer's own fields next to data, in the same object (so an answer field the document lacks is still a
    // drift).
    const extra = route.options.extra ? schemas[route.options.extra.name] : undefined;
    if (extra) {
      schema.properties = { ...(schema.properties as object), ...(extra.properties as object) };
      schema.required = [...(schema.required as string[]), ...((extra.required as string[] | undefined) ?? [])];
    }
    success.content = { 'application/json': { schema } };
  }
  const failures = errorResponses(answers);
  for (const failure of Object.values(failures)) failure.headers = { [CORRELATION_ID_HEADER]: CORRELATION_HEADER_REF };
  operation.responses = { [String(status)]: success, ...failures };
  operation.security = securityOf(route);
  if (parameters.length === 0) delete operation.parameters;
  return problems;
}

function addServiceRoutes(document: OpenAPIObject, apis: readonly ServiceHttpApi[]): void {
  const components = (document.components ??= {});
  for (const api of apis) {
    Object.assign((components.securitySchemes ??= {}), api.securitySchemes);
    for (const route of api.routes) {
      const item = (document.paths[route.path] ??= {}) as Record<string, unknown>;
      const method = route.method.toLowerCase();
      if (item[method]) throw new Error(`${route.method} ${route.path} is served by the gateway and by a service`);
      item[method] = structuredClone(route.operation);
    }
  }
}

/** An example on every JSON request body and success answer that has none, built from its schema. */
function addExamples(document: OpenAPIObject): void {
  const schemas = (document.components?.schemas ?? {}) as Record<string, OpenApiSchema>;
  for (const item of Object.values(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method] as OpenApiOperation | undefined;
      if (!operation) continue;
      const successes = Object.entries(operation.responses).filter(([status]) => status.startsWith('2'));
      const media = [
        operation.requestBody?.content['application/json'],
        ...successes.map(([, r]) => r.content?.['application/json']),
      ];
      for (const content of media)
        if (content && content.example === undefined) content.example = exampleOf(content.schema, schemas);
    }
  }
}

/**
 * The API document, built from the code that defines the API: SwaggerModule reads the controllers, each route's
 * @ApiRoute, guards, @HttpCode, @Public and DTO validation decorators complete it (error statuses from the one
 * code→status table), and the routes services serve themselves are added from their contracts.
 */
export function createApiDocument(app: INestApplication): ApiDocument {
  const base = new DocumentBuilder()
    .setTitle('Memories API')
    .setDescription(
      'The HTTP API of Memories, a self-hostable personal journal. Answers are `{ success: true, data, message?, pagination? }` ' +
        'or `{ success: false, message, error: { code, detail? } }`. How to sign in, refresh and page: docs/api.md in the repository.',
    )
    .setVersion('0.1.0')
    .setLicense('MIT', 'https://opensource.org/licenses/MIT')
    .addServer('/', 'The origin that serves Memories (the gateway, or the one-process standalone)')
    .addBearerAuth(
      {
        type: 'http',
        scheme: 'bearer',
        bearerFormat: 'JWT',
        description: 'The accessToken of login or refresh (ES256, valid 15 minutes)',
      },
      SECURITY_SCHEMES.bearer,
    )
    .addCookieAuth(
      REFRESH_COOKIE_NAME,
      {
        type: 'apiKey',
        in: 'cookie',
        description: 'The refresh token: an HttpOnly cookie set by login, sent only to /api/auth',
      },
      SECURITY_SCHEMES.refreshCookie,
    )
    .build();
  const document = SwaggerModule.createDocument(app, base);
  const components = (document.components ??= {});
  const schemas = (components.schemas ??= {}) as Record<string, OpenApiSchema>;
  schemas.Pagination = PAGINATION_SCHEMA;
  components.headers = {
    CorrelationId: {
      description:
        'The id of this request in the logs (the caller’s own x-correlation-id when it sent a sane one): quote it when reporting a problem',
      schema: { type: 'string' },
    },
  };

  const problems: string[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    // The orchestrators' probes (/health/live, /health/ready) are not part of the API.
    if (!path.startsWith(`/${API_PREFIX}/`)) {
      delete document.paths[path];
      continue;
    }
    for (const method of METHODS) {
      const operation = item[method] as OpenApiOperation | undefined;
      if (!operation) continue;
      const route = declaredRouteOf(operation.operationId);
      const name = `${method.toUpperCase()} ${path}`;
      if (!route) problems.push(`${name}: no @ApiRoute(...) declares its answers`);
      else
        problems.push(...describeOperation(operation, method, route, schemas).map((problem) => `${name}: ${problem}`));
    }
  }
  // An answer's extra fields were copied into its envelope: their class is not a schema of its own.
  for (const { options } of declaredRoutes()) if (options.extra) delete schemas[options.extra.name];
  addServiceRoutes(document, SERVICE_HTTP_APIS);
  addExamples(document);
  return { document, problems };
}
