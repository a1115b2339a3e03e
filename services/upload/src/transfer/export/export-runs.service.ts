import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Transform, pipeline, type Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { Injectable, Logger } from '@nestjs/common';
import {
  EXPORT_PATH,
  EXPORT_TICKET_PARAMETER,
  TRANSFER_ERROR_CODES,
  TRANSFER_MESSAGES,
  type ExportProgress,
  type ExportTicket,
} from '@memories/contracts';
import { DomainError } from '@memories/nest-common';
import { ZipStreamWriter } from '../archive/zip-stream.writer';
import { ExportRunsRepository } from './export-runs.repository';
import { JournalExportService, type TransferCaller } from './journal-export.service';

/** How long a download ticket stays valid: long enough for the browser to start the download, no more. */
export const EXPORT_TICKET_TTL_SECONDS = 5 * 60;
/** Progress is written at most this often (the page polls it). */
const PROGRESS_INTERVAL_MS = 500;

const hashOf = (ticket: string) => createHash('sha256').update(ticket).digest('hex');

/** One export per person at a time: its archive is the whole journal, read from every service. */
function refuseIfRunning(refusal: { inProgress: string } | null): void {
  if (refusal) {
    throw new DomainError(TRANSFER_ERROR_CODES.exportRunning, TRANSFER_MESSAGES.exportRunning, {
      exportId: refusal.inProgress,
    });
  }
}

/** A running export: the archive's bytes, and how to stop it when the reader goes away. */
export interface OpenedExport {
  body: Readable;
  abort(reason: Error): void;
}

/**
 * Exports as runs the page can follow: a browser download starts from a one-time ticket (a link cannot carry the
 * bearer token), an API client with its token; either way the run records its progress.
 */
@Injectable()
export class ExportRunsService {
  private readonly logger = new Logger(ExportRunsService.name);

  constructor(
    private readonly runs: ExportRunsRepository,
    private readonly journal: JournalExportService,
  ) {}

  async createTicket(caller: TransferCaller, now = new Date()): Promise<ExportTicket> {
    const exportId = randomUUID();
    const ticket = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + EXPORT_TICKET_TTL_SECONDS * 1000);
    refuseIfRunning(await this.runs.createAlone(exportId, caller.userId, { hash: hashOf(ticket), expiresAt }));
    return {
      exportId,
      downloadUrl: `${EXPORT_PATH}?${EXPORT_TICKET_PARAMETER}=${ticket}`,
      expiresAt: expiresAt.toISOString(),
    };
  }

  /** The owner of a valid, unused ticket, with its run; null otherwise. */
  redeem(ticket: string, now = new Date()): Promise<{ id: string; ownerId: string } | null> {
    return this.runs.redeem(hashOf(ticket), now);
  }

  /** A run for an API client that asked with its token. */
  async startRun(caller: TransferCaller): Promise<string> {
    const id = randomUUID();
    refuseIfRunning(await this.runs.createAlone(id, caller.userId));
    return id;
  }

  progress(caller: TransferCaller, exportId: string): Promise<ExportProgress | null> {
    return this.runs.findOwned(exportId, caller.userId);
  }

  /** Starts writing the archive of run `runId`; the bytes flow as fast as the reader takes them. */
  open(caller: TransferCaller, runId: string): OpenedExport {
    const zip = new ZipStreamWriter();
    const tally = { memories: 0, bytes: 0 };
    const runs = this.runs;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        tally.bytes += chunk.length;
        done(null, chunk);
      },
      // The run is recorded done before the archive's end reaches the reader: whoever has the whole file may start
      // the next export at once, and is never refused by the run that gave it to them.
      flush(done) {
        runs.finish(runId, 'done', tally.memories, tally.bytes).then(() => done(), done);
      },
    });
    // pipeline, not pipe: a broken archive must break the answer too, never end it as if it were complete.
    pipeline(zip.stream, counter, () => undefined);
    void this.run(caller, runId, zip, counter, tally);
    return { body: counter, abort: (reason) => zip.fail(reason) };
  }

  private async run(
    caller: TransferCaller,
    runId: string,
    zip: ZipStreamWriter,
    body: Readable,
    tally: { memories: number; bytes: number },
  ): Promise<void> {
    let lastWrite = 0;
    try {
      const total = await this.journal.countMemories(caller);
      await this.runs.progress(runId, total, 0, 0);
      await this.journal.write(caller, zip, async (soFar) => {
        tally.memories = soFar;
        if (Date.now() - lastWrite < PROGRESS_INTERVAL_MS) return;
        lastWrite = Date.now();
        await this.runs.progress(runId, Math.max(total, soFar), soFar, tally.bytes);
      });
      // The body's flush records the run done; a reader gone before the end makes it a failed one here.
      await finished(body);
    } catch (error) {
      zip.fail(error instanceof Error ? error : new Error(String(error)));
      this.logger.warn(`export ${runId} failed: ${error instanceof Error ? error.message : String(error)}`);
      await this.runs.finish(runId, 'failed', tally.memories, tally.bytes).catch(() => undefined);
    }
  }
}
