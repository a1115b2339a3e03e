/**
 * The name the profile shows (spec section 2): the user's name, else the part of the email before the @, else "User".
 */
export function profileName(user: { name?: string | null; email?: string | null } | null): string {
  const name = user?.name?.trim();
  if (name) return name;
  const local = user?.email?.split('@')[0]?.trim();
  return local || 'User';
}
