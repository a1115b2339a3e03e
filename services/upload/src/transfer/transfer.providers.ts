import { ExportRunsRepository } from './export/export-runs.repository';
import { ExportRunsService } from './export/export-runs.service';
import { JournalExportService } from './export/journal-export.service';
import { MemoryDownloadService } from './export/memory-download.service';
import { TransferHttpRoutes } from './http/transfer-http.routes';
import { ImportArchives } from './import/import-archives';
import { ImportIntakeService } from './import/import-intake.service';
import { ImportJobRunner } from './import/import-job.runner';
import { ImportJobsRepository } from './import/import-jobs.repository';
import { OpenImports } from './import/open-imports';
import { DayOneReader } from './import/readers/day-one.reader';
import { MarkdownFilesReader } from './import/readers/markdown-files.reader';
import { MemoriesExportReader } from './import/readers/memories-export.reader';
import { ShareRecipientLookup } from './import/share-recipient-lookup';
import { ImportQueue } from './jobs/import-queue';

/** Export and import of whole journals (`/api/export`, `/api/import`), part of the upload service. */
export const TRANSFER_PROVIDERS = [
  ExportRunsRepository,
  ExportRunsService,
  JournalExportService,
  MemoryDownloadService,
  ImportArchives,
  ImportJobsRepository,
  ImportIntakeService,
  ImportJobRunner,
  OpenImports,
  ShareRecipientLookup,
  MemoriesExportReader,
  DayOneReader,
  MarkdownFilesReader,
  ImportQueue,
  TransferHttpRoutes,
];
