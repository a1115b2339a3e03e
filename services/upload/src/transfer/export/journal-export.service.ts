import { createReadStream } from 'node:fs';
import { finished } from 'node:stream/promises';
import { Inject, Injectable } from '@nestjs/common';
import {
  EXPORT_MANIFEST_FILE,
  MEMORY_SUBJECTS,
  SUBJECTS,
  TRANSFER_SUBJECTS,
  USER_LOOKUP_SUBJECT,
  type ExportCursor,
  type Memory,
  type MessageContext,
} from '@memories/contracts';
import { listImageSources, type MemoryDocument } from '@memories/editor-schema';
import { BusClient } from '@memories/nest-common';
import { keyOfFileUrl } from '../../files/file-key';
import type { FileRecord } from '../../files/file.record';
import { FilesRepository } from '../../files/files.repository';
import { StoredFileVerifier } from '../../files/stored-file.verifier';
import { STORAGE, type StoragePort } from '../../storage/storage.port';
import type { ZipStreamWriter } from '../archive/zip-stream.writer';
import { ArchiveNames } from '@memories/contracts';
import { buildMemoryEntry } from './memory-entry.builder';
import { exportedJournalsOf } from './exported-journals';
import { ManifestSpool } from './manifest-spool';

/** An authenticated caller of the transfer routes. */
export interface TransferCaller extends MessageContext {
  userId: string;
}

/** How many archive entries may wait for their turn before the export reads the next page (memory stays flat). */
const QUEUED_ENTRIES_LIMIT = 64;

/** The extension of a stored key (`users/<id>/<uuid>.png`). */
export const extensionOfKey = (key: string) => key.slice(key.lastIndexOf('.') + 1);

/**
 * Everything the caller wrote, as one ZIP: pages of memories from the memory service over the bus (never all at
 * once), each memory's Markdown file in its journal's folder, every image of the caller's own that a memory uses
 * (read from storage as it is written), and `memories.json` (their journals first) last.
 */
@Injectable()
export class JournalExportService {
  constructor(
    private readonly bus: BusClient,
    private readonly files: FilesRepository,
    private readonly verifier: StoredFileVerifier,
    @Inject(STORAGE) private readonly storage: StoragePort,
  ) {}

  /** How many memories the caller has (the counters the list answers from). */
  async countMemories(caller: TransferCaller): Promise<number> {
    return (await this.bus.request(MEMORY_SUBJECTS.list, { page: 0, size: 1 }, caller)).pagination.totalElements;
  }

  /**
   * Writes the journal into `zip` and ends it. `onPage` hears how many memories are written so far. On any failure
   * the archive is failed (its reader sees a broken stream) and the error thrown.
   */
  async write(caller: TransferCaller, zip: ZipStreamWriter, onPage: (written: number) => Promise<void>): Promise<void> {
    const exportedAt = new Date();
    let spool: ManifestSpool | undefined;
    try {
      const owner = await this.bus.request(SUBJECTS.auth.getProfile, {}, caller);
      const names = new ArchiveNames();
      const journals = await exportedJournalsOf(this.bus, caller, names);
      const folderOf = new Map(journals.map((journal) => [journal.id, journal.folder]));
      spool = await ManifestSpool.open(exportedAt, owner.email, journals);
      const placed = new Map<string, string>();
      let after: ExportCursor | undefined;
      let written = 0;
      for (;;) {
        const page = await this.bus.request(TRANSFER_SUBJECTS.exportPage, after ? { after } : {}, caller);
        if (page.memories.length === 0) break;
        const [recipients, files] = await Promise.all([
          this.recipientEmails(caller, page.memories),
          this.ownFiles(caller.userId, page.memories),
        ]);
        for (const memory of page.memories) {
          const base = names.memoryBase(memory.date, memory.title);
          const folder = folderOf.get(memory.journalId);
          const markdownFile = ArchiveNames.markdownFile(base, folder);
          const entry = buildMemoryEntry(memory, {
            markdownFile,
            recipients: memory.sharedWith.flatMap((id) => recipients.get(id) ?? []),
            markdownToRoot: folder ? '../../' : '../',
            placeImage: (key, position) => {
              if (!files.has(key)) return undefined;
              const earlier = placed.get(key);
              if (earlier) return { path: earlier, isNew: false };
              const path = ArchiveNames.imageFile(base, position, extensionOfKey(key));
              placed.set(key, path);
              return { path, isNew: true };
            },
          });
          const mtime = new Date(memory.updatedAt);
          for (const image of entry.newImages)
            zip.add(image.path, () => this.storage.read(image.key), { compress: false, mtime });
          if (entry.exported.markdownFile !== '')
            zip.addBuffer(markdownFile, Buffer.from(entry.markdown), { compress: true, mtime });
          await spool.append(entry.exported);
        }
        written += page.memories.length;
        await onPage(written);
        await zip.whenAtMost(QUEUED_ENTRIES_LIMIT);
        if (!page.next) break;
        after = page.next;
      }
      await spool.close();
      const manifest = spool;
      zip.add(EXPORT_MANIFEST_FILE, () => createReadStream(manifest.file), { compress: true, mtime: exportedAt });
      zip.end();
      // The spool is read by the archive's last entry: removed once the archive has ended, or broken.
      finished(zip.stream)
        .finally(() => manifest.remove())
        .catch(() => undefined);
    } catch (error) {
      zip.fail(error instanceof Error ? error : new Error(String(error)));
      await spool?.remove();
      throw error;
    }
  }

  /** The e-mail addresses of every recipient on the page, by user id (one lookup per page). */
  private async recipientEmails(caller: TransferCaller, memories: Memory[]): Promise<Map<string, string>> {
    const ids = [...new Set(memories.flatMap((memory) => memory.sharedWith))];
    if (ids.length === 0) return new Map();
    const { users } = await this.bus.request(USER_LOOKUP_SUBJECT, { ids }, caller);
    return new Map(users.map((user) => [user.id, user.email]));
  }

  /** The caller's own stored files that the page's memories use (the archive carries these, never anyone else's). */
  private async ownFiles(ownerId: string, memories: Memory[]): Promise<Set<string>> {
    const keys = [
      ...new Set(
        memories.flatMap((memory) =>
          // A locked memory names its (encrypted) images beside its ciphertext. Which files are the caller's is the
          // files' own record: an import stores a locked memory's images at the addresses it names, whoever's they
          // were where it was exported.
          (memory.sealed?.imageUrls ?? listImageSources(JSON.parse(memory.contentJson) as MemoryDocument)).flatMap(
            (src) => keyOfFileUrl(src) ?? [],
          ),
        ),
      ),
    ];
    if (keys.length === 0) return new Set();
    const records = await this.files.findOwned(ownerId, keys);
    const usable = await Promise.all(
      records.map(async (record) => ((await this.isStoredImage(record)) ? [record.key] : [])),
    );
    return new Set(usable.flat());
  }

  /** Verified on upload; a file put straight into object storage is checked now (as a read would). */
  async isStoredImage(record: FileRecord): Promise<boolean> {
    if (record.verifiedAt) return true;
    return (
      this.storage.direct !== undefined &&
      (await this.verifier.verify(record.key, record.contentType)).status === 'image'
    );
  }
}
