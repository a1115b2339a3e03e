import path from 'node:path';
import { Injectable } from '@nestjs/common';
import {
  MAX_IMAGE_BYTES,
  MAX_TRANSFER_PAGE_BYTES,
  SUBJECTS,
  TRANSFER_SUBJECTS,
  type ImportFormat,
  type ImportIssue,
  type ImportedMemoryInput,
} from '@memories/contracts';
import { BusClient, MAX_BUS_REQUEST_TIMEOUT_MS } from '@memories/nest-common';
import { MAX_SEALED_FILE_BYTES } from '../../files/sealed-files';
import { UploadFilesService, type ImportedImage } from '../../files/upload-files.service';
import { StorageQuotaService, type RoomBudget } from '../../quota/storage-quota.service';
import { ARCHIVE_LIMITS } from '../archive/archive-inspection';
import { removeImages, replaceImageSources } from '@memories/editor-schema';
import { ZipArchive } from '../archive/zip-archive.reader';
import type { TransferCaller } from '../export/journal-export.service';
import { ImportArchives } from './import-archives';
import { cleanImportedMemory, cleanIssue } from './imported-text';
import { ImportJobsRepository, type ImportJobRecord, type PageOutcome } from './import-jobs.repository';
import { journalsOfPage } from './imported-journals';
import { ImportCursor, OpenImports } from './open-imports';
import { DayOneReader } from './readers/day-one.reader';
import { MarkdownFilesReader } from './readers/markdown-files.reader';
import { MemoriesExportReader } from './readers/memories-export.reader';
import { LookupBudgetSpent, ShareRecipientLookup, shareWith } from './share-recipient-lookup';
import { EntryRefusal, type ArchiveFormatReader, type DraftMemory, type SourceEntry } from './source-entry';

/** Entries read, stored and saved together; the checkpoint moves one page at a time. */
const ENTRIES_PER_PAGE = 50;
/** Images of a page stored at the same time (each is a few round trips to storage and the database). */
const IMAGES_AT_ONCE = 4;

/** A file of the archive an entry uses, and for a locked memory's encrypted image, the address it goes back to. */
interface ArchiveImage {
  name: string;
  sealedAt?: string;
}

/**
 * What a chunk of work ended with: the job is over, or its next chunk must be queued (at once, or after
 * `waitSeconds`: the importer's look-up budget is spent for this minute).
 */
export type ChunkOutcome = 'finished' | 'continue' | { waitSeconds: number };

const SERVER_FAILURE =
  'The import stopped because of a problem on the server. Import the archive again: what was imported stays, nothing is doubled.';

/**
 * Runs an import job in chunks of bounded time: reads the archive's entries in their fixed order from the job's
 * checkpoint, stores each entry's images through the upload checks, saves the memories one page at a time through
 * the memory service (the editor's save rules), and moves the checkpoint with the page's outcome. A chunk that
 * dies with its process is run again from the checkpoint; the source keys of the page it was writing tell the
 * resumed run which existing memories it created itself.
 */
@Injectable()
export class ImportJobRunner {
  private readonly readers: Record<ImportFormat, ArchiveFormatReader>;

  constructor(
    private readonly jobs: ImportJobsRepository,
    private readonly archives: ImportArchives,
    private readonly uploads: UploadFilesService,
    private readonly bus: BusClient,
    private readonly quota: StorageQuotaService,
    private readonly recipients: ShareRecipientLookup,
    private readonly open: OpenImports,
    memories: MemoriesExportReader,
    dayOne: DayOneReader,
    markdown: MarkdownFilesReader,
  ) {
    this.readers = { memories, dayone: dayOne, markdown };
  }

  async runChunk(jobId: string, budgetMs: number): Promise<ChunkOutcome> {
    const job = await this.jobs.find(jobId);
    if (!job || job.status === 'done' || job.status === 'failed') {
      this.open.drop(jobId);
      return 'finished';
    }
    const cursor = this.open.take(job.id, job.processed) ?? (await this.openCursor(job));
    let outcome: ChunkOutcome = 'finished';
    try {
      outcome = await this.runFrom(job, cursor, Date.now() + budgetMs);
      return outcome;
    } catch (error) {
      if (!(error instanceof EntryRefusal)) throw error;
      // The journal file itself is broken (not valid JSON): nothing more can be read.
      await this.finish(job, 'failed', { entry: job.fileName, message: error.message });
      return 'finished';
    } finally {
      // The next chunk, queued now, continues from here if it runs in this process.
      if (outcome === 'finished') cursor.close();
      else this.open.keep(job.id, cursor);
    }
  }

  private async openCursor(job: ImportJobRecord): Promise<ImportCursor> {
    const archive = await ZipArchive.open(
      await this.archives.localCopy(job.id, job.archiveKey),
      ARCHIVE_LIMITS.maxEntries,
    );
    return new ImportCursor(archive, this.readers[job.format].entries(archive, job.root)[Symbol.asyncIterator]());
  }

  /** The last attempt failed too: the job ends as failed, with a word for the user. */
  async giveUp(jobId: string): Promise<void> {
    const job = await this.jobs.find(jobId);
    if (job) await this.finish(job, 'failed', { entry: job.fileName, message: SERVER_FAILURE });
  }

  private async runFrom(job: ImportJobRecord, cursor: ImportCursor, deadline: number): Promise<ChunkOutcome> {
    if (job.status === 'queued')
      await this.jobs.start(job.id, await this.readers[job.format].count(cursor.archive, job.root));
    const caller: TransferCaller = { userId: job.ownerId, correlationId: `import-${job.id}` };
    const { email } = await this.bus.request(SUBJECTS.auth.getProfile, {}, caller);
    let processed = job.processed;
    let inFlight = new Set(job.inFlight);
    let page: SourceEntry[] = [];
    const flush = async (): Promise<boolean | LookupBudgetSpent> => {
      const moved = await this.writePage(job, cursor.archive, caller, email, page, processed, inFlight);
      if (moved instanceof LookupBudgetSpent) return moved;
      processed += page.length;
      inFlight = new Set();
      page = [];
      return moved;
    };
    // A cursor opened afresh reads past the entries earlier chunks imported; a kept one is already there.
    for (let entry = await cursor.next(); entry; entry = await cursor.next()) {
      if (cursor.position <= processed) continue;
      page.push(entry);
      if (page.length < ENTRIES_PER_PAGE) continue;
      const moved = await flush();
      if (moved instanceof LookupBudgetSpent) return { waitSeconds: moved.waitSeconds };
      // Another run of this job moved on (this one had stalled past its expiry): it finishes the job.
      if (!moved) return 'finished';
      if (Date.now() > deadline) return 'continue';
    }
    if (page.length > 0) {
      const moved = await flush();
      if (moved instanceof LookupBudgetSpent) return { waitSeconds: moved.waitSeconds };
      if (!moved) return 'finished';
    }
    await this.finish(job, 'done');
    return 'finished';
  }

  private async finish(job: ImportJobRecord, status: 'done' | 'failed', issue?: ImportIssue): Promise<void> {
    await this.jobs.finish(job.id, status, issue && cleanIssue(issue));
    await this.archives.remove(job.id, job.archiveKey);
  }

  private async writePage(
    job: ImportJobRecord,
    archive: ZipArchive,
    caller: TransferCaller,
    ownerEmail: string,
    page: SourceEntry[],
    processed: number,
    resumedInFlight: Set<string>,
  ): Promise<boolean | LookupBudgetSpent> {
    const outcome: PageOutcome = {
      processed: page.length,
      imported: 0,
      skipped: 0,
      failed: 0,
      issues: [],
      restoredShares: {},
    };
    const drafts: Array<{ entry: SourceEntry; draft: DraftMemory }> = [];
    for (const entry of page) {
      try {
        drafts.push({ entry, draft: await entry.load() });
      } catch (error) {
        if (!(error instanceof EntryRefusal)) throw error;
        outcome.failed += 1;
        outcome.issues.push({ entry: entry.label, message: error.message });
      }
    }
    // First, before anything of the page is stored: this may have to wait for the look-up budget.
    const recipients = await this.recipients.lookUp(
      job,
      caller,
      drafts.flatMap(({ draft }) => [...draft.recipients, ...(draft.journal?.members ?? []).map(({ email }) => email)]),
    );
    if (recipients instanceof LookupBudgetSpent) return recipients;
    const images = await this.storeImages(
      archive,
      await this.quota.budget(job.ownerId, job.id),
      job.ownerId,
      drafts.flatMap(({ draft }) =>
        [...draft.images].map(([src, name]) => ({ name, sealedAt: draft.sealed ? src : undefined })),
      ),
    );
    const prepared = drafts.map(({ entry, draft }) => {
      const { item, notes } = this.prepare(entry, draft, images);
      outcome.issues.push(...notes.map((message) => ({ entry: entry.label, message })));
      item.memory.sharedWith = shareWith(draft.recipients, recipients, caller.userId, outcome.restoredShares);
      return { entry, draft, item: cleanImportedMemory(item) };
    });
    const journals = journalsOfPage(recipients, caller.userId, prepared);
    if (
      !(await this.jobs.markInFlight(
        job.id,
        processed,
        prepared.map(({ item }) => item.sourceKey),
      ))
    )
      return false;
    const labels = new Map(prepared.map(({ entry, item }) => [item.sourceKey, entry.label]));
    for (const batch of batchesByBytes(prepared.map(({ item }) => item))) {
      const { results } = await this.bus.request(
        TRANSFER_SUBJECTS.importPage,
        { ownerEmail, journals, items: batch },
        caller,
        { timeoutMs: MAX_BUS_REQUEST_TIMEOUT_MS },
      );
      for (const result of results) {
        if (result.status === 'created' || (result.status === 'existing' && resumedInFlight.has(result.sourceKey)))
          outcome.imported += 1;
        else if (result.status === 'existing') outcome.skipped += 1;
        else {
          outcome.failed += 1;
          outcome.issues.push({
            entry: labels.get(result.sourceKey) ?? result.sourceKey,
            message: result.message ?? 'It could not be saved.',
          });
        }
      }
    }
    return this.jobs.recordPage(job.id, processed, { ...outcome, issues: outcome.issues.map(cleanIssue) });
  }

  /**
   * Stores each archive file of a page once, a few at a time, through the upload checks and within the importer's
   * storage quota (`room`): its file URL, or why it was left out. A locked memory's encrypted image goes back to the
   * address its ciphertext names it with (`sealedAt`).
   */
  private async storeImages(
    archive: ZipArchive,
    room: RoomBudget,
    ownerId: string,
    files: ArchiveImage[],
  ): Promise<Map<string, ImportedImage>> {
    const unique = [...new Map(files.map((file) => [file.name, file])).values()];
    const stored = new Map<string, ImportedImage>();
    let next = 0;
    const store = async (): Promise<void> => {
      while (next < unique.length) {
        const { name, sealedAt } = unique[next++];
        const file = archive.find(name);
        if (!file) continue;
        const maxBytes = sealedAt ? MAX_SEALED_FILE_BYTES : MAX_IMAGE_BYTES;
        if (file.uncompressedSize > maxBytes) {
          stored.set(name, { refused: `It is larger than ${MAX_IMAGE_BYTES / 1024 / 1024} MB.` });
          continue;
        }
        const bytes = await archive.readBuffer(file);
        stored.set(
          name,
          sealedAt
            ? await this.uploads.storeImportedSealed(ownerId, sealedAt, bytes, room)
            : await this.uploads.storeImported(ownerId, bytes, room),
        );
      }
    };
    await Promise.all(Array.from({ length: IMAGES_AT_ONCE }, store));
    return stored;
  }

  /** The item the memory service takes for one draft, and what the report says was left out of it. */
  private prepare(
    entry: SourceEntry,
    draft: DraftMemory,
    images: Map<string, ImportedImage>,
  ): { item: ImportedMemoryInput; notes: string[] } {
    const { memory, notes } = this.memoryOf(draft, images);
    return {
      item: {
        sourceKey: entry.sourceKey,
        originalId: draft.originalId,
        memory,
        createdAt: draft.createdAt,
        updatedAt: draft.updatedAt,
        counts: draft.counts,
      },
      notes,
    };
  }

  /**
   * Points the draft's document at its stored images; an image that was left out becomes a note. A locked memory is
   * its ciphertext: nothing of it is read or rewritten here.
   */
  private memoryOf(
    draft: DraftMemory,
    images: Map<string, ImportedImage>,
  ): { memory: ImportedMemoryInput['memory']; notes: string[] } {
    const notes = [...draft.notes];
    const stored = new Map<string, string>();
    for (const [src, name] of draft.images) {
      const image = images.get(name);
      if (!image) continue;
      if ('refused' in image) notes.push(`Image ${path.posix.basename(name)} was left out: ${image.refused}`);
      else stored.set(src, image.fileUrl);
    }
    if (draft.sealed) {
      // The server guards and keeps the images it stored; one left out is still named inside the ciphertext.
      const { title, date, tags, isDraft } = draft;
      const sealed = { ...draft.sealed, imageUrls: draft.sealed.imageUrls.filter((url) => stored.has(url)) };
      return { memory: { title, date, contentJson: '', tags, isDraft, thumbnailUrl: '', sealed }, notes };
    }
    const kept = removeImages(draft.document, (src) => draft.images.has(src) && !stored.has(src));
    return {
      memory: {
        ...draft.plainFields,
        title: draft.title,
        date: draft.date,
        contentJson: replaceImageSources(kept, (src) => stored.get(src)) as unknown as Record<string, unknown>,
        tags: draft.tags,
        isDraft: draft.isDraft,
        thumbnailUrl: draft.thumbnail ? (stored.get(draft.thumbnail) ?? '') : '',
      },
      notes,
    };
  }
}

/** Items in order, in batches that each fit one bus message. */
export function batchesByBytes(items: ImportedMemoryInput[]): ImportedMemoryInput[][] {
  const batches: ImportedMemoryInput[][] = [];
  let current: ImportedMemoryInput[] = [];
  let bytes = 0;
  for (const item of items) {
    const size = Buffer.byteLength(JSON.stringify(item));
    if (current.length > 0 && bytes + size > MAX_TRANSFER_PAGE_BYTES) {
      batches.push(current);
      current = [];
      bytes = 0;
    }
    current.push(item);
    bytes += size;
  }
  if (current.length > 0) batches.push(current);
  return batches;
}
