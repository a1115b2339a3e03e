import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { UploadConfig } from '../../config/upload.config';
import type { ZipArchive } from '../archive/zip-archive.reader';
import type { SourceEntry } from './source-entry';

/** An import's archive, open, and its reader's place in it: `position` entries have been read. */
export class ImportCursor {
  position = 0;

  constructor(
    readonly archive: ZipArchive,
    private readonly entries: AsyncIterator<SourceEntry>,
  ) {}

  /** The next entry, or undefined at the end of the archive. */
  async next(): Promise<SourceEntry | undefined> {
    const next = await this.entries.next();
    if (next.done) return undefined;
    this.position += 1;
    return next.value;
  }

  close(): void {
    // Ends the reader (its streams are destroyed in its own `finally`), then lets go of the file.
    void this.entries.return?.(undefined).catch(() => undefined);
    this.archive.close();
  }
}

/**
 * The cursors of imports whose next chunk is queued, kept open in this process between chunks. Reading an archive's
 * journal file is sequential (a deflated JSON stream), so a chunk that opened it afresh had to read past every entry
 * imported before it: a large import slowed down the larger it grew. The next chunk usually runs in this process and
 * continues where the last one stopped; one that runs in another process, or after a restart, finds nothing here and
 * reads from the start as before. A cursor not taken within the job timeout (its chunk ran elsewhere) is closed.
 */
@Injectable()
export class OpenImports implements OnApplicationShutdown {
  private readonly open = new Map<string, { cursor: ImportCursor; expiry: NodeJS.Timeout }>();
  private readonly keptForMs: number;

  constructor(config: UploadConfig) {
    this.keptForMs = config.IMPORT_JOB_TIMEOUT_SECONDS * 1000;
  }

  /** The job's cursor if one is open here at `processed` entries; it is then the caller's to keep or close. */
  take(jobId: string, processed: number): ImportCursor | undefined {
    const cursor = this.remove(jobId);
    if (!cursor || cursor.position === processed) return cursor;
    cursor.close();
    return undefined;
  }

  keep(jobId: string, cursor: ImportCursor): void {
    this.drop(jobId);
    const expiry = setTimeout(() => this.drop(jobId), this.keptForMs);
    expiry.unref();
    this.open.set(jobId, { cursor, expiry });
  }

  /** Closes the job's cursor, if one is open here. */
  drop(jobId: string): void {
    this.remove(jobId)?.close();
  }

  onApplicationShutdown(): void {
    for (const jobId of [...this.open.keys()]) this.drop(jobId);
  }

  private remove(jobId: string): ImportCursor | undefined {
    const kept = this.open.get(jobId);
    if (!kept) return undefined;
    this.open.delete(jobId);
    clearTimeout(kept.expiry);
    return kept.cursor;
  }
}
