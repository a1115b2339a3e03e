/** What the transfer routes say, once, here: the web page shows the server's words. */
export const TRANSFER_MESSAGES = {
  importAccepted: 'Your archive was received. The import has started.',
  exportReady: 'Your export is ready to download.',
  unknownFormat:
    'This archive is not one we can import. We accept a Memories export, a Day One JSON export (ZIP) and a ZIP of Markdown files.',
  notAZip: 'This file is not a ZIP archive, or it is damaged. Export your journal as a ZIP and try again.',
  noFile: 'Choose a ZIP archive to import.',
  // Browsers send a control character in a file's name as it is, which multipart parsers refuse as a malformed header.
  unreadableUpload:
    "The upload could not be read. If the file's name has unusual characters, rename the file and try again.",
  archiveTooLarge: 'This archive is larger than the 2 GB we can import at once.',
  importNotFound: 'Import not found',
  exportNotFound: 'Export not found',
  ticketInvalid: 'This download link has expired or was used already. Start the export again.',
  shareRecipientNotFound:
    'Not shared again: nobody here has this e-mail address confirmed. Share the memories yourself once they have joined.',
  shareRecipientsCapped: (limit: number) =>
    `This archive shares memories with more than ${limit} people: only the first ${limit} addresses were shared with again.`,
  importRunning: 'An import of yours is still running. Import the next archive once it has finished.',
  exportRunning: 'An export of your journal is already running. Export again once it has finished.',
} as const;
