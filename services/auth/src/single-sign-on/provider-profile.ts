import { EMAIL_PATTERN, cleanText, findUnsafeCharacter } from '@memories/contracts';
import type { ProviderSubject } from './linked-identity.repository';

/** Columns of auth.users and auth.linked_identities the profile fills (a subject is at most 255 ASCII characters). */
const MAX_NAME_LENGTH = 200;
const MAX_EMAIL_LENGTH = 320;
const MAX_ISSUER_LENGTH = 2048;
const MAX_SUBJECT_LENGTH = 255;

const storable = (value: unknown, maxLength: number): value is string =>
  typeof value === 'string' && value.length > 0 && value.length <= maxLength && !findUnsafeCharacter(value);

/** Who signed in at the provider, in our terms. */
export interface ProviderProfile extends ProviderSubject {
  /** Only `email_verified: true` counts: a missing claim or any other value is not a confirmation. */
  emailVerified: boolean;
  /** The name a new account gets. */
  name: string;
}

/** A claim as text we can store: a string, its control characters removed, trimmed; '' for anything else. */
function textClaim(value: unknown): string {
  return typeof value === 'string' ? cleanText(value).trim() : '';
}

/** Reads the claims of a verified sign-in (ID token, completed from userinfo); null if its iss or sub cannot be kept. */
export function profileOf(claims: Record<string, unknown> & { iss: string; sub: string }): ProviderProfile | null {
  if (!storable(claims.iss, MAX_ISSUER_LENGTH) || !storable(claims.sub, MAX_SUBJECT_LENGTH)) return null;
  const email = textClaim(claims.email);
  const usableEmail = email.length <= MAX_EMAIL_LENGTH && EMAIL_PATTERN.test(email) ? email : null;
  const name =
    textClaim(claims.name) ||
    [textClaim(claims.given_name), textClaim(claims.family_name)].filter(Boolean).join(' ') ||
    textClaim(claims.preferred_username) ||
    (usableEmail?.split('@')[0] ?? '');
  return {
    issuer: claims.iss,
    subject: claims.sub,
    email: usableEmail,
    emailVerified: usableEmail !== null && claims.email_verified === true,
    name: [...name].slice(0, MAX_NAME_LENGTH).join('').trim(),
  };
}
