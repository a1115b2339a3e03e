/**
 * The only content types accepted for upload (no SVG: it can carry script), with the extension their files get: in
 * the upload service's storage keys, in the server's export and in the browser's decrypted archive, so that one image
 * is named alike wherever it is written.
 */
export const IMAGE_TYPES = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/avif': 'avif',
} as const;

export type ImageType = keyof typeof IMAGE_TYPES;

/** Documented cap for one image (spec section 7). */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

export function isImageType(value: string): value is ImageType {
  return Object.prototype.hasOwnProperty.call(IMAGE_TYPES, value);
}

/** The extension of an accepted image type's files, or `bin` for any other type. */
export function imageExtensionOf(type: string): string {
  return isImageType(type) ? IMAGE_TYPES[type] : 'bin';
}
