const USER_ID = Symbol('authenticatedUserId');

interface AuthenticatedRequest {
  [USER_ID]?: string;
}

/** Remembers on the request which user the guard authenticated. */
export function setAuthenticatedUserId(request: object, userId: string): void {
  (request as AuthenticatedRequest)[USER_ID] = userId;
}

/** The authenticated user's id, or undefined on a public route without a token. */
export function findAuthenticatedUserId(request: object): string | undefined {
  return (request as AuthenticatedRequest)[USER_ID];
}

export function authenticatedUserIdOf(request: object): string {
  const userId = findAuthenticatedUserId(request);
  // A route without @Public() never runs without the guard having set this; reaching here is a wiring mistake.
  if (!userId) throw new Error('No authenticated user on this request: is the route marked @Public()?');
  return userId;
}
