/** `POST /api/upload/presigned-url` body (spec section 7): the name is only a hint for the extension check. */
export interface PresignedUrlPayload {
  fileName: string;
  fileType: string;
  /** The file's size, when known: a grant that could not fit the storage quota is refused before any byte moves. */
  fileSize?: number;
  /**
   * The locked journal an encrypted image is for (`fileType` SEALED_FILE_CONTENT_TYPE): only the journal's owner may
   * upload opaque bytes, and only for a locked journal.
   */
  journalId?: string;
}

/** Where to PUT the bytes (with `fileType` as Content-Type, before it expires) and the URL to put in content. */
export interface PresignedUrl {
  uploadUrl: string;
  fileUrl: string;
}

/** The answer's `data` of a PUT to an uploadUrl: the stored file. */
export interface UploadedFile {
  fileUrl: string;
  size: number;
}

/** `POST /api/memories/cleanup-images` body: URLs the editor removed; only the caller's unreferenced files go. */
export interface CleanupImagesPayload {
  imageUrls: string[];
}

/** How many of the given URLs were the caller's unreferenced files, now deleted. */
export interface CleanupImagesResult {
  deleted: number;
}

/** The success message of the clean-up call (the spec gives none; the client ignores it). */
export const CLEANUP_IMAGES_MESSAGE = 'Unused images cleaned up';
