import { FILE_URL_PREFIX, ownerOfFileKey } from '@memories/contracts';

const USER_ID = /^[A-Za-z0-9-]{1,64}$/;

/** A user id that may appear in a storage key (the access token's subject, checked before it shapes a key). */
export function isKeyableUserId(userId: string | undefined): userId is string {
  return userId !== undefined && USER_ID.test(userId);
}

export function fileUrlOf(key: string): string {
  return `${FILE_URL_PREFIX}${key}`;
}

/**
 * The key of one of our file URLs, as content stores it (`/api/files/<key>`) or as a browser resolved it
 * (`https://host/api/files/<key>`); null for anything else.
 */
export function keyOfFileUrl(url: string): string | null {
  let path: string;
  try {
    path = new URL(url, 'http://relative.invalid').pathname;
  } catch {
    return null;
  }
  if (!path.startsWith(FILE_URL_PREFIX)) return null;
  const key = path.slice(FILE_URL_PREFIX.length);
  return ownerOfFileKey(key) ? key : null;
}
