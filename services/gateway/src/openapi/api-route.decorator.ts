import { applyDecorators, type Type } from '@nestjs/common';
import { ApiExtraModels, ApiOperation } from '@nestjs/swagger';

/**
 * A response class (its `@ApiProperty` fields are the schema), `String` for text, `[X]` for a list of X, or
 * `{ oneOf: [X, Y] }` for an answer that is one of several shapes (the login: a session, or a two-factor challenge).
 */
export type ApiDataType =
  Type<unknown> | StringConstructor | [Type<unknown> | StringConstructor] | { oneOf: Array<Type<unknown>> };

export interface ApiRouteOptions {
  summary: string;
  description?: string;
  /** What `data` holds in the success answer; null when it is always null (a delete, a logout). */
  data: ApiDataType | null;
  /** `data` may also be null (there was nothing to answer, e.g. a random memory of an empty journal). */
  nullable?: boolean;
  /** The answer carries `pagination` (list endpoints). */
  paginated?: boolean;
  /**
   * A response class of the fields the answer carries next to `data` (and `pagination`), e.g. a search's suggestion.
   */
  extra?: Type<unknown>;
  /**
   * Error codes the services behind the route may answer. Their statuses come from the gateway's one table
   * (nest-common's error-status.ts); the codes every route can answer (validation, token, body limits, bus) are added for you.
   */
  errors?: readonly string[];
  /** The route reads the refresh cookie: it must be there, or is used when it is. */
  refreshCookie?: 'required' | 'optional';
  /** The answer sets (or clears) the session cookies. */
  setsCookies?: boolean;
  /**
   * The route answers a browser's navigation with a redirect (302, `Location`), never JSON, whatever happens: where
   * it sends the browser. `data` is then null.
   */
  redirects?: string;
}

/** A route declared with @ApiRoute: what the API document needs that the route's other metadata does not say. */
export interface DeclaredRoute {
  controller: Type<unknown>;
  /** The name of the route's method on the controller. */
  method: string;
  handler: object;
  options: ApiRouteOptions;
}

const declared = new Map<string, DeclaredRoute>();

/** The declaration of the operation SwaggerModule names `<Controller>_<method>`, if the route has one. */
export function declaredRouteOf(operationId: string): DeclaredRoute | undefined {
  return declared.get(operationId);
}

/** Every route declared with @ApiRoute. */
export function declaredRoutes(): DeclaredRoute[] {
  return [...declared.values()];
}

function modelsOf(data: ApiDataType | null): Array<Type<unknown>> {
  if (data !== null && 'oneOf' in data) return data.oneOf;
  const item = Array.isArray(data) ? data[0] : data;
  return item === null || item === String ? [] : [item as Type<unknown>];
}

/**
 * Describes one gateway route in the API document: its summary, what its success answer's `data` holds and which
 * error codes it may answer. Everything else (success status, security, parameters, body, the statuses of the
 * errors, examples) is read from the route's own decorators when the document is built (openapi/api-document.ts).
 */
export function ApiRoute(options: ApiRouteOptions): MethodDecorator {
  const declare: MethodDecorator = (target, key, descriptor) => {
    const controller = target.constructor as Type<unknown>;
    const method = String(key);
    declared.set(`${controller.name}_${method}`, { controller, method, handler: descriptor.value as object, options });
  };
  return applyDecorators(
    ApiOperation({ summary: options.summary, ...(options.description ? { description: options.description } : {}) }),
    ApiExtraModels(...modelsOf(options.data), ...(options.extra ? [options.extra] : [])),
    declare,
  );
}
