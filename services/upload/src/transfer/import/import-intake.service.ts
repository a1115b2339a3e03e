import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Injectable } from '@nestjs/common';
import {
  IMPORT_FORMATS,
  TRANSFER_ERROR_CODES,
  TRANSFER_MESSAGES,
  MAX_IMPORT_ARCHIVE_BYTES,
  cleanText,
  type ImportAccepted,
  type ImportJobReport,
} from '@memories/contracts';
import { DomainError } from '@memories/nest-common';
import { StorageQuotaService, freeBytes, quotaExceeded, type StorageRoom } from '../../quota/storage-quota.service';
import { FileTooLargeError } from '../../storage/file-too-large.error';
import { createSizeCap } from '../../storage/size-cap.transform';
import { ARCHIVE_LIMITS, inspectArchive } from '../archive/archive-inspection';
import { ArchiveRefusal, UnknownFormatRefusal, ZipArchive } from '../archive/zip-archive.reader';
import type { TransferCaller } from '../export/journal-export.service';
import { ImportQueue } from '../jobs/import-queue';
import { ImportArchives, SPOOL_FILE_MODE } from './import-archives';
import { ImportJobsRepository, toReport } from './import-jobs.repository';

const MAX_FILE_NAME_LENGTH = 255;

/** An archive as `POST /api/import` receives it. */
export interface IncomingArchive {
  fileName: string;
  body: Readable;
}

/**
 * Takes an archive in: received to the local disk within the size cap, refused at once when it is no journal
 * archive (not a ZIP, encrypted, links, paths leaving it, a zip bomb, an unknown format), otherwise kept in storage
 * and its job queued.
 */
@Injectable()
export class ImportIntakeService {
  constructor(
    private readonly jobs: ImportJobsRepository,
    private readonly archives: ImportArchives,
    private readonly queue: ImportQueue,
    private readonly quota: StorageQuotaService,
  ) {}

  /** Refuses an import while the caller has one unfinished, before its archive is read (checked again in accept). */
  async refuseWhileRunning(caller: TransferCaller): Promise<void> {
    const unfinished = await this.jobs.unfinishedOf(caller.userId);
    if (unfinished) throw importRunning(unfinished);
  }

  /** The archive counts against the storage quota while it waits for its job: it is received only as far as it fits. */
  async accept(caller: TransferCaller, incoming: IncomingArchive): Promise<ImportAccepted> {
    const jobId = randomUUID();
    const file = await ImportArchives.receivingFile(jobId);
    let room: StorageRoom | undefined;
    try {
      room = await this.quota.room(caller.userId);
      const cap = createSizeCap(Math.min(MAX_IMPORT_ARCHIVE_BYTES, freeBytes(room) ?? Infinity));
      // Through a stream of its own: a refused archive ends that pipeline, not the request's file stream, which the
      // route still reads to its end so that the answer can go out.
      const received = new PassThrough();
      incoming.body.pipe(received);
      await pipeline(received, cap.stream, createWriteStream(file, { flags: 'wx', mode: SPOOL_FILE_MODE }));
      const archive = await ZipArchive.open(file, ARCHIVE_LIMITS.maxEntries);
      let layout;
      try {
        layout = inspectArchive(archive.entries);
      } finally {
        archive.close();
      }
      const archiveKey = ImportArchives.keyOf(caller.userId, jobId);
      await this.archives.keep(archiveKey, createReadStream(file));
      const fileName = cleanText(incoming.fileName.slice(0, MAX_FILE_NAME_LENGTH)) || 'archive.zip';
      const refused = await this.jobs.createAlone({
        id: jobId,
        ownerId: caller.userId,
        format: layout.format,
        fileName,
        archiveKey,
        root: layout.root,
        archiveBytes: cap.size(),
      });
      if (refused) {
        await this.archives.remove(jobId, archiveKey);
        throw importRunning(refused.unfinished);
      }
      await this.queue.enqueue(jobId);
      return { jobId };
    } catch (error) {
      await rm(file, { force: true });
      throw refusalOf(error, room);
    }
  }

  async report(caller: TransferCaller, jobId: string): Promise<ImportJobReport> {
    const job = await this.jobs.findOwned(jobId, caller.userId);
    if (!job) throw new DomainError(TRANSFER_ERROR_CODES.importNotFound, TRANSFER_MESSAGES.importNotFound);
    return toReport(job);
  }
}

/** One import per person at a time: each writes into the same journal, and the reports would interleave. */
function importRunning(jobId: string): DomainError {
  return new DomainError(TRANSFER_ERROR_CODES.importRunning, TRANSFER_MESSAGES.importRunning, { jobId });
}

function refusalOf(error: unknown, room: StorageRoom | undefined): unknown {
  if (error instanceof FileTooLargeError && room && error.maxBytes < MAX_IMPORT_ARCHIVE_BYTES)
    return quotaExceeded(room);
  if (error instanceof FileTooLargeError) {
    return new DomainError(TRANSFER_ERROR_CODES.archiveTooLarge, TRANSFER_MESSAGES.archiveTooLarge, {
      maxBytes: MAX_IMPORT_ARCHIVE_BYTES,
    });
  }
  if (error instanceof UnknownFormatRefusal) {
    return new DomainError(TRANSFER_ERROR_CODES.formatUnknown, error.message, { formats: IMPORT_FORMATS });
  }
  if (error instanceof ArchiveRefusal) return new DomainError(TRANSFER_ERROR_CODES.archiveInvalid, error.message);
  return error;
}
