/** A token counts as expired this long before its `exp` (spec section 9), so a call never races its expiry. */
export const TOKEN_EXPIRY_MARGIN_MS = 30_000;

function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='));
  return new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
}

/**
 * The `exp` claim of a JWT in epoch milliseconds, or null when the token has none or cannot be read. Only read, never
 * verified: the signature is the gateway's business; the client only needs to know when to refresh.
 */
export function accessTokenExpiry(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const { exp } = JSON.parse(decodeBase64Url(payload)) as { exp?: unknown };
    return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : null;
  } catch {
    return null;
  }
}

/** Expired, or within the margin of expiring. A token whose expiry cannot be read is treated as expired. */
export function isAccessTokenExpired(token: string, now: number): boolean {
  const expiry = accessTokenExpiry(token);
  return expiry === null || expiry - TOKEN_EXPIRY_MARGIN_MS <= now;
}
