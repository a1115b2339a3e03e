import type { SessionUser } from '@memories/web-session';

/** The name the signed-in top bar shows (spec section 2): the name, else the e-mail, else "User". */
export function displayNameOf(user: SessionUser | null): string {
  return user?.name?.trim() || user?.email || 'User';
}
