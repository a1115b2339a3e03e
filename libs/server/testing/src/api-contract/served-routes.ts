import type { ApiDocumentLike } from './api-contract';

/** A route as the HTTP server registered it (Fastify syntax: `:id`, a trailing `*`). */
export interface ServedRoute {
  method: string;
  url: string;
}

/** An operation as the API document lists it (OpenAPI path template). */
export interface DocumentedRoute {
  method: string;
  path: string;
}

interface RouteHooks {
  addHook(name: 'onRoute', hook: (route: { method: string | string[]; url: string }) => void): unknown;
}

const OPERATION_METHODS = new Set(['GET', 'PUT', 'POST', 'PATCH', 'DELETE']);

/**
 * Records every route registered on a Fastify instance from now on, including those of plugins and of other
 * code mounting routes on it (attach before the app's routes are registered, i.e. before `app.init()`). The HEAD
 * route Fastify adds for every GET is left out.
 */
export function recordRoutes(fastify: unknown): ServedRoute[] {
  const routes: ServedRoute[] = [];
  (fastify as RouteHooks).addHook('onRoute', (route) => {
    for (const method of [route.method].flat())
      if (OPERATION_METHODS.has(method)) routes.push({ method, url: route.url });
  });
  return routes;
}

export function documentedRoutesOf(document: ApiDocumentLike): DocumentedRoute[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.keys(item)
      .filter((method) => OPERATION_METHODS.has(method.toUpperCase()))
      .map((method) => ({ method: method.toUpperCase(), path })),
  );
}

/**
 * Whether a served route answers the documented path: `:name` is `{name}`, a trailing `*` takes any rest of the path.
 */
function serves(route: ServedRoute, documented: DocumentedRoute): boolean {
  if (route.method !== documented.method) return false;
  const template = route.url.replace(/:(\w+)/g, '{$1}');
  return template.endsWith('*') ? documented.path.startsWith(template.slice(0, -1)) : template === documented.path;
}

/**
 * The two ways a document drifts from the routes: a route served under the prefix that the document does not list,
 * and a documented operation no route serves. Routes under an `ignored` prefix (the docs pages) are left out.
 */
export function compareRoutesWithDocument(
  served: readonly ServedRoute[],
  documented: readonly DocumentedRoute[],
  options: { prefix: string; ignored?: readonly string[] },
): { undocumented: string[]; unserved: string[] } {
  const inScope = served.filter(
    (route) =>
      route.url.startsWith(options.prefix) && !(options.ignored ?? []).some((prefix) => route.url.startsWith(prefix)),
  );
  return {
    undocumented: inScope
      .filter((route) => !documented.some((d) => serves(route, d)))
      .map((route) => `${route.method} ${route.url}`),
    unserved: documented.filter((d) => !inScope.some((route) => serves(route, d))).map((d) => `${d.method} ${d.path}`),
  };
}
