import type { OpenApiResponse, OpenApiSchema } from './openapi.types';

/**
 * The pieces every operation of the API document is described with: the two envelopes of section "Answers" and
 * the security schemes. The gateway describes its own routes with them, and services describe the HTTP routes
 * they serve themselves (uploads) with the same ones, so the document says one thing one way.
 */
export const SECURITY_SCHEMES = {
  bearer: 'bearer',
  refreshCookie: 'refreshCookie',
  mediaCookie: 'mediaCookie',
} as const;

/** One way a route can fail: the HTTP status and the `error.code` it carries. */
export type ErrorAnswer = readonly [status: number, code: string];

const STATUS_NAMES: Record<number, string> = {
  400: 'Bad request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not found',
  409: 'Conflict',
  413: 'Payload too large',
  415: 'Unsupported media type',
  429: 'Too many requests',
  500: 'Internal error',
  503: 'Service unavailable',
  504: 'Gateway timeout',
};

export const PAGINATION_SCHEMA: OpenApiSchema = {
  type: 'object',
  description: 'Pages are zero-based',
  required: ['currentPage', 'pageSize', 'totalPages', 'totalElements', 'hasPrevious', 'hasNext'],
  properties: {
    currentPage: { type: 'integer', minimum: 0, example: 0 },
    pageSize: { type: 'integer', minimum: 1, example: 10 },
    totalPages: { type: 'integer', minimum: 0, example: 1 },
    totalElements: { type: 'integer', minimum: 0, example: 1 },
    hasPrevious: { type: 'boolean', example: false },
    hasNext: { type: 'boolean', example: false },
  },
};

/** `data` of an answer that carries nothing (a delete, a logout). */
export const NULL_DATA_SCHEMA: OpenApiSchema = {
  type: 'object',
  nullable: true,
  enum: [null],
  description: 'Always null',
};

/** `{ success: true, data, message?, pagination? }`; `pagination` is there exactly when the route pages. */
export function successSchema(
  data: OpenApiSchema,
  options: { paginated?: boolean; pagination?: OpenApiSchema } = {},
): OpenApiSchema {
  const properties: Record<string, OpenApiSchema> = {
    success: { type: 'boolean', enum: [true] },
    data,
    message: { type: 'string', description: 'A sentence for the user (shown as the success notice)' },
  };
  if (options.paginated) properties.pagination = options.pagination ?? PAGINATION_SCHEMA;
  return {
    type: 'object',
    required: options.paginated ? ['success', 'data', 'pagination'] : ['success', 'data'],
    properties,
  };
}

/** `{ success: false, message, error: { code, detail? } }` with the codes this answer can carry. */
export function failureSchema(codes: readonly string[]): OpenApiSchema {
  return {
    type: 'object',
    required: ['success', 'message', 'error'],
    properties: {
      success: { type: 'boolean', enum: [false] },
      message: { type: 'string', description: 'What went wrong, in words a person understands' },
      error: {
        type: 'object',
        required: ['code'],
        properties: {
          code: { type: 'string', enum: [...codes] },
          detail: { description: 'More about the failure, e.g. the fields that failed validation (VALIDATION_FAILED)' },
        },
      },
    },
  };
}

/** The failure answers of a route, one per status, each listing every code that status can carry. */
export function errorResponses(answers: readonly ErrorAnswer[]): Record<string, OpenApiResponse> {
  const codesByStatus = new Map<number, Set<string>>();
  for (const [status, code] of answers) codesByStatus.set(status, (codesByStatus.get(status) ?? new Set()).add(code));
  const responses: Record<string, OpenApiResponse> = {};
  for (const status of [...codesByStatus.keys()].sort((a, b) => a - b)) {
    const codes = [...(codesByStatus.get(status) ?? [])].sort();
    responses[String(status)] = {
      description: `${STATUS_NAMES[status] ?? 'Error'}: ${codes.join(', ')}`,
      content: { 'application/json': { schema: failureSchema(codes) } },
    };
  }
  return responses;
}
