/** Error codes of the upload service, named so the gateway's suffix mapping gives each its HTTP status. */
export const UPLOAD_ERROR_CODES = {
  unsupportedType: 'UPLOAD_TYPE_INVALID',
  tooLarge: 'UPLOAD_TOO_LARGE',
  grantInvalid: 'UPLOAD_GRANT_INVALID',
  grantExpired: 'UPLOAD_GRANT_EXPIRED',
  contentMismatch: 'UPLOAD_CONTENT_INVALID',
  alreadyUploaded: 'UPLOAD_ALREADY_UPLOADED',
  fileNotFound: 'FILE_NOT_FOUND',
  storageUnavailable: 'STORAGE_UNAVAILABLE',
} as const;

export type UploadErrorCode = (typeof UPLOAD_ERROR_CODES)[keyof typeof UPLOAD_ERROR_CODES];
