import type { UserRole } from '@memories/contracts';

const USER_ID = Symbol('authenticatedUserId');
const ROLE = Symbol('authenticatedRole');

interface AuthenticatedRequest {
  [USER_ID]?: string;
  [ROLE]?: UserRole;
}

/** Remembers on the request which user the guard authenticated, and their role as the auth service last said. */
export function setAuthenticatedUser(request: object, userId: string, role: UserRole): void {
  (request as AuthenticatedRequest)[USER_ID] = userId;
  (request as AuthenticatedRequest)[ROLE] = role;
}

/** The authenticated user's role; undefined on a public route without a token. */
export function authenticatedRoleOf(request: object): UserRole | undefined {
  return (request as AuthenticatedRequest)[ROLE];
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
