/** `POST /api/upload/presigned-url` body (spec section 7): the name is only a hint for the extension check. */
export interface PresignedUrlPayload {
  fileName: string;
  fileType: string;
}

/** Where to PUT the bytes (with `fileType` as Content-Type, before it expires) and the URL to put in content. */
export interface PresignedUrl {
  uploadUrl: string;
  fileUrl: string;
}
