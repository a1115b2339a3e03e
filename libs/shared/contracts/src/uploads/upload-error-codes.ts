/** Error codes of the upload service; the gateway maps each to an HTTP status in one place. */
export const UPLOAD_ERROR_CODES = {
  unsupportedType: 'UPLOAD_UNSUPPORTED_TYPE',
  tooLarge: 'UPLOAD_TOO_LARGE',
  grantInvalid: 'UPLOAD_GRANT_INVALID',
  grantExpired: 'UPLOAD_GRANT_EXPIRED',
  contentMismatch: 'UPLOAD_CONTENT_MISMATCH',
  alreadyUploaded: 'UPLOAD_ALREADY_UPLOADED',
  fileNotFound: 'FILE_NOT_FOUND',
} as const;

export type UploadErrorCode = (typeof UPLOAD_ERROR_CODES)[keyof typeof UPLOAD_ERROR_CODES];
