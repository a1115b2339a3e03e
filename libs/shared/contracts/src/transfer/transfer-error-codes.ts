/** Error codes of the transfer routes, named so that each maps to its HTTP status by suffix. */
export const TRANSFER_ERROR_CODES = {
  archiveInvalid: 'IMPORT_ARCHIVE_INVALID',
  archiveTooLarge: 'IMPORT_ARCHIVE_TOO_LARGE',
  formatUnknown: 'IMPORT_FORMAT_INVALID',
  importNotFound: 'IMPORT_NOT_FOUND',
  exportNotFound: 'EXPORT_NOT_FOUND',
  ticketInvalid: 'EXPORT_TICKET_INVALID',
  importRunning: 'IMPORT_ALREADY_RUNNING',
  exportRunning: 'EXPORT_ALREADY_RUNNING',
} as const;

export type TransferErrorCode = (typeof TRANSFER_ERROR_CODES)[keyof typeof TRANSFER_ERROR_CODES];
