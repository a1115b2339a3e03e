import type { HttpMethod, OpenApiOperation, OpenApiSecurityScheme } from './openapi.types';

/**
 * An HTTP route a service serves itself rather than through the gateway (bytes that must not cross the bus). The
 * service registers it from this description and the gateway puts the description in the API document, so the
 * route and its documentation are one object that neither side can change alone.
 */
export interface ServiceHttpRoute {
  method: HttpMethod;
  /** The route as the service registers it (Fastify syntax: a trailing `*` takes the rest of the path). */
  url: string;
  /** The same route as an OpenAPI path template. */
  path: string;
  operation: OpenApiOperation;
}

/** Every HTTP route one service serves itself, and the security schemes their descriptions name. */
export interface ServiceHttpApi {
  routes: readonly ServiceHttpRoute[];
  securitySchemes: Record<string, OpenApiSecurityScheme>;
}
