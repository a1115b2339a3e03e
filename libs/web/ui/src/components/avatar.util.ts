/**
 * The 8 avatar background colours (spec section 2). Each keeps white initials above 4.5:1 contrast (WCAG AA) in the
 * light and the dark theme.
 */
export const AVATAR_COLORS = [
  '#c62828',
  '#ad1457',
  '#6a1b9a',
  '#4527a0',
  '#1565c0',
  '#00695c',
  '#2e7d32',
  '#bf360c',
] as const;

const MAX_INITIALS = 2;

export interface AvatarPerson {
  name?: string | null;
  email?: string | null;
}

const firstLetter = (word: string) => Array.from(word)[0] ?? '';

/**
 * Up to 2 initials: the first letters of the first two words of the name, else the first letter of the e-mail,
 * else "U" (for "User", the name shown when there is neither).
 */
export function avatarInitials({ name, email }: AvatarPerson, max = MAX_INITIALS): string {
  const words = name?.trim().split(/\s+/).filter(Boolean) ?? [];
  const initials = words.length > 0 ? words.slice(0, max).map(firstLetter).join('') : firstLetter(email?.trim() ?? '');
  return (initials || 'U').toUpperCase();
}

/** One of the 8 colours, chosen by a hash of the name, or of the e-mail when there is no name. */
export function avatarColor({ name, email }: AvatarPerson): string {
  const seed = name?.trim() || email?.trim() || '';
  let hash = 0;
  for (const char of seed) hash = (Math.imul(hash, 31) + (char.codePointAt(0) ?? 0)) | 0;
  return AVATAR_COLORS[Math.abs(hash) % AVATAR_COLORS.length];
}
