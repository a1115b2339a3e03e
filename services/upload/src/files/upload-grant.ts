import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a signed upload URL allows: one PUT of `contentType` to `key`, until `expiresAt` (epoch seconds). */
export interface UploadGrant {
  key: string;
  contentType: string;
  expiresAt: number;
}

const signatureOf = (secret: string, grant: UploadGrant) =>
  createHmac('sha256', secret).update(`${grant.key}\n${grant.contentType}\n${grant.expiresAt}`).digest('base64url');

/** Query string of a signed upload URL (`expires` and `signature`); the key travels in the path. */
export function signUploadGrant(secret: string, grant: UploadGrant): string {
  return new URLSearchParams({ expires: String(grant.expiresAt), signature: signatureOf(secret, grant) }).toString();
}

/**
 * Why a PUT is refused, or null when the signature matches the key, content type and expiry and the grant is
 * still valid at `nowSeconds`. The comparison is constant-time so the signature cannot be guessed byte by byte.
 */
export function verifyUploadGrant(
  secret: string,
  grant: UploadGrant,
  signature: string,
  nowSeconds: number,
): 'expired' | 'invalid' | null {
  const expected = Buffer.from(signatureOf(secret, grant));
  const given = Buffer.from(signature);
  if (!Number.isInteger(grant.expiresAt) || expected.length !== given.length || !timingSafeEqual(expected, given)) {
    return 'invalid';
  }
  return grant.expiresAt < nowSeconds ? 'expired' : null;
}
