/**
 * The few OpenAPI 3.0 shapes the API description is built from. Schemas stay open records: they are JSON Schema
 * with OpenAPI's additions (`nullable`, `example`), written as data, not checked field by field here.
 */
export type OpenApiSchema = { [keyword: string]: unknown };

export interface OpenApiMediaType {
  schema: OpenApiSchema;
  example?: unknown;
}

export interface OpenApiHeader {
  description: string;
  schema: OpenApiSchema;
  required?: boolean;
}

export interface OpenApiResponse {
  description: string;
  headers?: Record<string, OpenApiHeader | { $ref: string }>;
  content?: Record<string, OpenApiMediaType>;
}

export interface OpenApiParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  description?: string;
  schema: OpenApiSchema;
  example?: unknown;
}

export interface OpenApiRequestBody {
  required?: boolean;
  description?: string;
  content: Record<string, OpenApiMediaType>;
}

/**
 * Alternatives (any one) of sets of schemes (all of them); `[]` is an open route, `[{}]` in the list makes it optional.
 */
export type OpenApiSecurity = Array<Record<string, string[]>>;

export interface OpenApiOperation {
  operationId: string;
  summary: string;
  description?: string;
  tags?: string[];
  parameters?: OpenApiParameter[];
  requestBody?: OpenApiRequestBody;
  responses: Record<string, OpenApiResponse>;
  security?: OpenApiSecurity;
}

export interface OpenApiSecurityScheme {
  type: 'http' | 'apiKey';
  description?: string;
  scheme?: string;
  bearerFormat?: string;
  in?: 'cookie' | 'header' | 'query';
  name?: string;
}

export type HttpMethod = 'GET' | 'PUT' | 'POST' | 'PATCH' | 'DELETE';
