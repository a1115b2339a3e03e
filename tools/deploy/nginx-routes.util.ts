const locationBlocks = /location\s+(?:[=^~*]+\s+)?(\S+)\s*\{([^{}]*)\}/g;

/**
 * The `location` → upstream routes of a proxy configuration: `proxy_pass URL` or `set $upstream URL` + `proxy_pass
 * $upstream`.
 */
export function parseProxyRoutes(config: string): Map<string, string> {
  const routes = new Map<string, string>();
  const withoutComments = config.replace(/#[^\n]*/g, '');
  for (const block of withoutComments.matchAll(locationBlocks)) {
    const [, location, body] = block;
    const proxyPass = /proxy_pass\s+(\S+?);/.exec(body)?.[1];
    if (!proxyPass) continue;
    const variable = /^\$(\w+)$/.exec(proxyPass)?.[1];
    const upstream = variable ? new RegExp(`set\\s+\\$${variable}\\s+(\\S+?);`).exec(body)?.[1] : proxyPass;
    if (upstream) routes.set(location, upstream);
  }
  return routes;
}

/** The prefix location nginx picks for a request path among `routes` (`location /api/ {...}`): the longest wins. */
export function matchProxyLocation(routes: ReadonlyMap<string, string>, requestPath: string): string | undefined {
  const pathOnly = requestPath.split('?')[0];
  return [...routes.keys()].filter((prefix) => pathOnly.startsWith(prefix)).sort((a, b) => b.length - a.length)[0];
}

/**
 * Where nginx sends a request among prefix locations (`location /api/ {...}`): the longest matching prefix wins.
 * Exact (`=`) and regular-expression locations are not proxies in these configurations and are not parsed.
 */
export function resolveProxyRoute(routes: ReadonlyMap<string, string>, requestPath: string): string | undefined {
  const location = matchProxyLocation(routes, requestPath);
  return location === undefined ? undefined : routes.get(location);
}

/** The value of a directive (`client_max_body_size`) in effect in a location: its own, else the server's. */
export function locationDirective(config: string, location: string, directive: string): string | undefined {
  const withoutComments = config.replace(/#[^\n]*/g, '');
  const pattern = new RegExp(`(?:^|[\\s;{])${directive}\\s+([^;]+);`);
  const block = [...withoutComments.matchAll(locationBlocks)].find((candidate) => candidate[1] === location)?.[2];
  const own = block === undefined ? undefined : pattern.exec(block)?.[1];
  return own ?? pattern.exec(withoutComments.replace(locationBlocks, ''))?.[1];
}
