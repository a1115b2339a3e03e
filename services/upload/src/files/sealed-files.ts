import {
  MAX_IMAGE_BYTES,
  SEAL_FORMAT,
  SEAL_IV_BYTES,
  SEAL_TAG_BYTES,
  SEALED_FILE_CONTENT_TYPE,
} from '@memories/contracts';

/**
 * A locked journal's encrypted image (see libs/web/crypto's sealFile): opaque bytes this service can neither read nor
 * check as an image. What it can check: the seal's format byte, and a size that an image within the cap can have once
 * sealed (the format byte, IV and tag, and the image's own content type, at most 255 bytes with its length byte).
 */
export const MAX_SEALED_FILE_BYTES = MAX_IMAGE_BYTES + 1 + SEAL_IV_BYTES + SEAL_TAG_BYTES + 1 + 255;
const MIN_SEALED_FILE_BYTES = 1 + SEAL_IV_BYTES + SEAL_TAG_BYTES + 1;

export function isSealedFileType(contentType: string): boolean {
  return contentType === SEALED_FILE_CONTENT_TYPE;
}

/** Whether stored bytes, by their first byte and size, can be a sealed value. */
export function looksSealed(head: Buffer, size: number): boolean {
  return head[0] === SEAL_FORMAT && size >= MIN_SEALED_FILE_BYTES && size <= MAX_SEALED_FILE_BYTES;
}
