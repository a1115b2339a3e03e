/**
 * The cookie that lets `<img>` read private files: the gateway sets it with every session grant, the upload
 * service reads it on `/api/files/*` only (HttpOnly, SameSite=Strict, scoped to this path).
 */
export const MEDIA_COOKIE_NAME = 'memories_media';
export const MEDIA_COOKIE_PATH = '/api/files';
