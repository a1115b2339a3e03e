/**
 * Only memories of the file's owner count as references: a URL pasted into someone else's memory must neither
 * grant access to the file nor keep it from being cleaned up.
 */
export interface ImagesReferencedPayload {
  ownerId: string;
  /** Application file URLs (`/api/files/...`), at most `MAX_IMAGE_URLS_PER_QUERY`. */
  fileUrls: string[];
}

/** The subset of the asked URLs that at least one of the owner's memories uses. */
export interface ImagesReferencedResult {
  referenced: string[];
}

/** The reader is the envelope's `userId`; the owner comes from the upload service's own records. */
export interface ImageReadablePayload {
  ownerId: string;
  fileUrl: string;
}

export interface ImageReadableResult {
  readable: boolean;
}

/** Most file URLs one clean-up or reference query may carry. */
export const MAX_IMAGE_URLS_PER_QUERY = 200;
