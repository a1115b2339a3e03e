/**
 * Route prefetch (issue 23): an element carrying this attribute names the route its click opens, e.g.
 * `data-prefetch-route="/memory/42"` on a button that navigates there. The shell starts loading that route's page
 * code when the element becomes visible (the browser idle) or is hovered, focused or touched; a plain `<a href="/...">`
 * is prefetched on hover, focus or touch only, so a navigation bar never pulls every remote in.
 */
export const ROUTE_PREFETCH_ATTRIBUTE = 'data-prefetch-route';

/**
 * The `performance.mark` the shell sets when it starts its first prefetch: what bench:web counts as the page's own load
 * ends there.
 */
export const ROUTE_PREFETCH_MARK = 'memories:route-prefetch';

/** Props for an element whose click opens `path`: spread onto a button or card action. */
export function prefetchRoute(path: string): Record<typeof ROUTE_PREFETCH_ATTRIBUTE, string> {
  return { [ROUTE_PREFETCH_ATTRIBUTE]: path };
}
