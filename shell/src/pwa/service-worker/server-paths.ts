/** The API and the probes: never the app, never a release file, and (private answers) never cached by the worker. */
export const SERVER_PATHS = [/^\/api(\/|$)/, /^\/health\//];

export const isServerPath = (url: URL) =>
  url.origin === self.location.origin && SERVER_PATHS.some((path) => path.test(url.pathname));
