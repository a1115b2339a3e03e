/** The archive formats `POST /api/import` recognises from their content. */
export const IMPORT_FORMATS = ['memories', 'dayone', 'markdown'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

export const IMPORT_JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type ImportJobStatus = (typeof IMPORT_JOB_STATUSES)[number];

/** `POST /api/import` answers 202 with the job to follow. */
export interface ImportAccepted {
  jobId: string;
}

/** One entry the import could not take whole: which one, and why, in words for the user. */
export interface ImportIssue {
  entry: string;
  message: string;
}

/** Someone a memory of the archive is shared with again: the account with that confirmed address here. */
export interface RestoredShare {
  email: string;
  memories: number;
}

/**
 * Most distinct addresses one import shares with again; each is one look-up against the importer's look-up budget.
 */
export const MAX_IMPORT_SHARE_RECIPIENTS = 50;

/** `GET /api/import/{jobId}`: where the job is and, once done, its report. */
export interface ImportJobReport {
  jobId: string;
  status: ImportJobStatus;
  format: ImportFormat;
  /** The archive's name as uploaded. */
  fileName: string;
  /** Entries found in the archive (0 until the job has counted them). */
  total: number;
  imported: number;
  /** Entries already imported earlier (or still in the journal): nothing new was created for them. */
  skipped: number;
  failed: number;
  /** Entries refused, and notes on entries imported without something (a video, a photo that was not an image). */
  errors: ImportIssue[];
  /** The people the archive's memories were shared with again here (addresses that were not: in `errors`). */
  restoredShares: RestoredShare[];
  createdAt: string;
  finishedAt: string | null;
}

/** Most issues a report keeps (the count of failed entries stays exact). */
export const MAX_IMPORT_REPORT_ISSUES = 200;

export const EXPORT_RUN_STATUSES = ['ready', 'running', 'done', 'failed'] as const;
export type ExportRunStatus = (typeof EXPORT_RUN_STATUSES)[number];

/** `POST /api/export`: a download the browser can start by itself (a link cannot send the bearer token). */
export interface ExportTicket {
  exportId: string;
  /** `/api/export?ticket=…`: valid once, for a few minutes. */
  downloadUrl: string;
  expiresAt: string;
}

/** `GET /api/export/{exportId}`: how far the export's download is. */
export interface ExportProgress {
  exportId: string;
  status: ExportRunStatus;
  memoriesTotal: number;
  memoriesWritten: number;
  bytesWritten: number;
}
