/** The `location` → upstream routes of a proxy configuration: `proxy_pass URL` or `set $upstream URL` + `proxy_pass $upstream`. */
export function parseProxyRoutes(config: string): Map<string, string> {
  const routes = new Map<string, string>();
  const withoutComments = config.replace(/#[^\n]*/g, '');
  for (const block of withoutComments.matchAll(/location\s+(?:[=^~*]+\s+)?(\S+)\s*\{([^{}]*)\}/g)) {
    const [, location, body] = block;
    const proxyPass = /proxy_pass\s+(\S+?);/.exec(body)?.[1];
    if (!proxyPass) continue;
    const variable = /^\$(\w+)$/.exec(proxyPass)?.[1];
    const upstream = variable ? new RegExp(`set\\s+\\$${variable}\\s+(\\S+?);`).exec(body)?.[1] : proxyPass;
    if (upstream) routes.set(location, upstream);
  }
  return routes;
}

/**
 * Where nginx sends a request among prefix locations (`location /api/ {...}`): the longest matching prefix wins.
 * Exact (`=`) and regular-expression locations are not proxies in these configurations and are not parsed.
 */
export function resolveProxyRoute(routes: ReadonlyMap<string, string>, requestPath: string): string | undefined {
  const pathOnly = requestPath.split('?')[0];
  const matches = [...routes.keys()].filter((prefix) => pathOnly.startsWith(prefix)).sort((a, b) => b.length - a.length);
  return matches.length > 0 ? routes.get(matches[0]) : undefined;
}
