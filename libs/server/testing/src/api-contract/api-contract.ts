import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type {
  OpenApiOperation,
  OpenApiParameter,
  OpenApiResponse,
  OpenApiSchema,
  ServiceHttpApi,
} from '@memories/contracts';

/** The parts of an OpenAPI document the contract reads. */
export interface ApiDocumentLike {
  paths: Record<string, Record<string, unknown>>;
  components?: { schemas?: Record<string, OpenApiSchema> };
}

/** One call as a suite made it and the answer it got. */
export interface ApiExchange {
  method: string;
  /** The request URL: absolute, or the path with its query. */
  url: string;
  /** The JSON body sent, if any. */
  requestBody?: unknown;
  status: number;
  /** The answer's Content-Type header. */
  contentType?: string | null;
  /** The answer's body parsed as JSON; undefined when it was not JSON. */
  responseBody?: unknown;
}

const METHODS = ['get', 'put', 'post', 'patch', 'delete'];

interface DocumentedOperation {
  method: string;
  path: string;
  pattern: RegExp;
  parameterNames: string[];
  operation: OpenApiOperation;
}

/**
 * Objects that list their properties get `additionalProperties: false`: an answer field the document does not list is a
 * drift.
 */
function closed(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(closed);
  if (typeof schema !== 'object' || schema === null) return schema;
  const copy = Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, closed(value)])) as OpenApiSchema;
  const composed = 'allOf' in copy || 'anyOf' in copy || 'oneOf' in copy;
  if (copy.properties && !('additionalProperties' in copy) && !composed) copy.additionalProperties = false;
  return copy;
}

function mediaTypeOf(contentType: string | null | undefined): string {
  return (contentType ?? '').split(';')[0].trim().toLowerCase();
}

function contentFor<T>(content: Record<string, T>, contentType: string): T | undefined {
  const [type] = contentType.split('/');
  return content[contentType] ?? content[`${type}/*`] ?? content['*/*'];
}

/** `response body field data.contentJson must be string (got {"type":"doc"})`: the field, the rule, what came. */
function describeErrors(where: string, value: unknown, errors: ErrorObject[] | null | undefined): string[] {
  return (errors ?? []).map((error) => {
    const field = error.instancePath.split('/').slice(1).join('.');
    const got = error.instancePath
      .split('/')
      .slice(1)
      .reduce<unknown>((node, key) => (node as Record<string, unknown>)?.[key], value);
    const detail =
      error.keyword === 'additionalProperties'
        ? ` (${String(error.params.additionalProperty)})`
        : error.keyword === 'enum'
          ? ` (${(error.params.allowedValues as unknown[]).join(', ')}; got ${JSON.stringify(got)})`
          : ` (got ${JSON.stringify(got)?.slice(0, 80)})`;
    return `${where}${field ? ` field ${field}` : ''} ${error.message ?? 'is invalid'}${detail}`;
  });
}

/** A query or path value as the schema's type reads it (query text is always a string on the wire). */
function coerce(value: string, schema: OpenApiSchema): unknown {
  if (schema.type === 'integer' || schema.type === 'number') return value.trim() === '' ? value : Number(value);
  if (schema.type === 'boolean') return value === 'true' ? true : value === 'false' ? false : value;
  return value;
}

/** The part of the API document that describes the routes a service serves itself. */
export function documentOfServiceApi(api: ServiceHttpApi): ApiDocumentLike {
  const paths: ApiDocumentLike['paths'] = {};
  for (const route of api.routes) (paths[route.path] ??= {})[route.method.toLowerCase()] = route.operation;
  return { paths };
}

/**
 * The API document as a test oracle: every answer a suite gets must be an answer the document lists for that
 * operation, with a body its schema accepts (closed: no field it does not list), and every request the API
 * accepted (2xx) must be one the document allows. A drift names the operation and the field.
 */
export class ApiContract {
  private readonly ajv = new Ajv({ allErrors: true, strict: false });
  private readonly operations: DocumentedOperation[];
  private readonly components: unknown;
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(document: ApiDocumentLike) {
    addFormats(this.ajv);
    this.components = closed(document.components ?? {});
    this.operations = Object.entries(document.paths)
      .flatMap(([path, item]) =>
        METHODS.filter((method) => item[method]).map((method) => {
          const parameterNames: string[] = [];
          const source = path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{([^}]+)\}/g, (_match, name: string) => {
            parameterNames.push(name);
            return '([^/]+)';
          });
          return {
            method,
            path,
            pattern: new RegExp(`^${source}$`),
            parameterNames,
            operation: item[method] as OpenApiOperation,
          };
        }),
      )
      // A literal segment wins over a parameter (`/memories/my` before `/memories/{id}`).
      .sort((a, b) => a.parameterNames.length - b.parameterNames.length);
  }

  /** The document a running gateway serves. */
  static async fetch(documentUrl: string): Promise<ApiContract> {
    const response = await fetch(documentUrl);
    if (!response.ok) throw new Error(`The API document at ${documentUrl} answered ${response.status}`);
    return new ApiContract((await response.json()) as ApiDocumentLike);
  }

  /** The routes a service serves itself, as the gateway puts them in the document. */
  static ofServiceApi(api: ServiceHttpApi): ApiContract {
    return new ApiContract(documentOfServiceApi(api));
  }

  /** Every way the exchange breaks the document; empty when it keeps to it. */
  violations(exchange: ApiExchange): string[] {
    const url = new URL(exchange.url, 'http://contract.invalid');
    const method = exchange.method.toLowerCase();
    const pathname = decodeURI(url.pathname);
    const found = this.operations.find((candidate) => candidate.method === method && candidate.pattern.test(pathname));
    if (!found) return [`${exchange.method.toUpperCase()} ${pathname}: no such operation in the document`];
    const name = `${exchange.method.toUpperCase()} ${found.path} (${found.operation.operationId})`;
    const responses = found.operation.responses;
    const status = String(exchange.status);
    const response: OpenApiResponse | undefined = responses[status] ?? responses[`${status[0]}XX`];
    if (!response)
      return [
        `${name} answered ${status}, which the document does not list (it lists ${Object.keys(responses).join(', ')})`,
      ];
    const problems = this.answerViolations(found, status, response, exchange).map(
      (problem) => `${name} → ${status}: ${problem}`,
    );
    if (exchange.status >= 200 && exchange.status < 300) {
      problems.push(
        ...this.requestViolations(found, pathname, url.searchParams, exchange).map((problem) => `${name}: ${problem}`),
      );
    }
    return problems;
  }

  /** Fails the test with every violation, each naming the operation and the field. */
  verify(exchange: ApiExchange): void {
    const problems = this.violations(exchange);
    if (problems.length > 0) throw new Error(`The answer breaks the API document:\n  ${problems.join('\n  ')}`);
  }

  /** Checks a fetch answer (read from a clone: the caller can still read the body). */
  async verifyResponse(request: { method: string; url: string; body?: unknown }, response: Response): Promise<void> {
    const contentType = response.headers.get('content-type');
    const isJson = mediaTypeOf(contentType) === 'application/json';
    this.verify({
      method: request.method,
      url: request.url,
      requestBody: request.body,
      status: response.status,
      contentType,
      responseBody: isJson ? await response.clone().json() : undefined,
    });
  }

  private answerViolations(
    found: DocumentedOperation,
    status: string,
    response: OpenApiResponse,
    exchange: ApiExchange,
  ): string[] {
    if (!response.content) return [];
    const type = mediaTypeOf(exchange.contentType);
    const media = contentFor(response.content, type);
    if (!media)
      return [
        `Content-Type ${type || '(none)'} is not one the document lists (${Object.keys(response.content).join(', ')})`,
      ];
    if (type !== 'application/json') return [];
    const validate = this.validator(`${found.method} ${found.path} ${status}`, media.schema);
    return validate(exchange.responseBody)
      ? []
      : describeErrors('response body', exchange.responseBody, validate.errors);
  }

  private requestViolations(
    found: DocumentedOperation,
    pathname: string,
    query: URLSearchParams,
    exchange: ApiExchange,
  ): string[] {
    const problems: string[] = [];
    const key = `${found.method} ${found.path}`;
    const parameters = (found.operation.parameters ?? []) as OpenApiParameter[];
    const pathValues = found.pattern.exec(pathname)?.slice(1) ?? [];
    found.parameterNames.forEach((parameterName, index) => {
      const parameter = parameters.find((p) => p.in === 'path' && p.name === parameterName);
      if (!parameter) problems.push(`path parameter ${parameterName} is not described`);
      else
        problems.push(
          ...this.valueViolations(
            `${key} path ${parameterName}`,
            parameter,
            coerce(pathValues[index], parameter.schema),
          ),
        );
    });
    for (const name of new Set(query.keys())) {
      const parameter = parameters.find((p) => p.in === 'query' && p.name === name);
      if (!parameter) {
        problems.push(`query parameter ${name} is not in the document`);
        continue;
      }
      const values = query.getAll(name);
      const value =
        parameter.schema.type === 'array'
          ? values.map((item) => coerce(item, (parameter.schema.items ?? {}) as OpenApiSchema))
          : coerce(values[0], parameter.schema);
      problems.push(...this.valueViolations(`${key} query ${name}`, parameter, value));
    }
    for (const parameter of parameters) {
      if (parameter.in === 'query' && parameter.required && !query.has(parameter.name))
        problems.push(`required query parameter ${parameter.name} is missing`);
    }
    const body = found.operation.requestBody?.content['application/json'];
    if (body && exchange.requestBody !== undefined) {
      const validate = this.validator(`${key} request`, body.schema);
      if (!validate(exchange.requestBody))
        problems.push(...describeErrors('request body', exchange.requestBody, validate.errors));
    }
    return problems;
  }

  private valueViolations(key: string, parameter: OpenApiParameter, value: unknown): string[] {
    const validate = this.validator(key, parameter.schema);
    return validate(value) ? [] : describeErrors(`${parameter.in} parameter ${parameter.name}`, value, validate.errors);
  }

  private validator(key: string, schema: OpenApiSchema): ValidateFunction {
    let validate = this.validators.get(key);
    if (!validate) {
      validate = this.ajv.compile({ ...(closed(schema) as OpenApiSchema), components: this.components });
      this.validators.set(key, validate);
    }
    return validate;
  }
}
