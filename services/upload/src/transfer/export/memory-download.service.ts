import { Inject, Injectable } from '@nestjs/common';
import { MEMORY_SUBJECTS, ownerOfFileKey, type Memory } from '@memories/contracts';
import { listImageSources, type MemoryDocument } from '@memories/editor-schema';
import { BusClient } from '@memories/nest-common';
import { keyOfFileUrl } from '../../files/file-key';
import { FilesRepository } from '../../files/files.repository';
import { STORAGE, type StoragePort } from '../../storage/storage.port';
import { ZipStreamWriter } from '../archive/zip-stream.writer';
import { ArchiveNames } from '@memories/contracts';
import { JournalExportService, extensionOfKey, type TransferCaller } from './journal-export.service';
import { buildMemoryEntry } from './memory-entry.builder';

/** One memory as one file: Markdown alone, or a ZIP of the Markdown and its images when it has any. */
export type MemoryDownload =
  { kind: 'markdown'; fileName: string; body: Buffer } | { kind: 'zip'; fileName: string; zip: ZipStreamWriter };

/**
 * The viewer's Download: whoever may read the memory (its owner, or a user it is shared with) gets it, with the
 * images they may read (the rule of `/api/files/`), in a file that opens anywhere.
 */
@Injectable()
export class MemoryDownloadService {
  constructor(
    private readonly bus: BusClient,
    private readonly files: FilesRepository,
    private readonly journal: JournalExportService,
    @Inject(STORAGE) private readonly storage: StoragePort,
  ) {}

  async download(caller: TransferCaller, id: string): Promise<MemoryDownload> {
    const memory = await this.bus.request(MEMORY_SUBJECTS.get, { id }, caller);
    const base = new ArchiveNames().memoryBase(memory.date, memory.title);
    const readable = await this.readableFiles(memory);
    const entry = buildMemoryEntry(memory, {
      markdownFile: `${base}.md`,
      recipients: [],
      markdownToRoot: '',
      placeImage: (key, position) =>
        readable.has(key) ? { path: `images/${position}.${extensionOfKey(key)}`, isNew: true } : undefined,
    });
    if (entry.newImages.length === 0)
      return { kind: 'markdown', fileName: `${base}.md`, body: Buffer.from(entry.markdown) };
    const zip = new ZipStreamWriter();
    const mtime = new Date(memory.updatedAt);
    zip.addBuffer(`${base}.md`, Buffer.from(entry.markdown), { compress: true, mtime });
    for (const image of entry.newImages)
      zip.add(image.path, () => this.storage.read(image.key), { compress: false, mtime });
    zip.end();
    return { kind: 'zip', fileName: `${base}.zip`, zip };
  }

  /**
   * The memory's stored images the caller may read (the rule of `/api/files/`): files of the memory's owner that the
   * memory uses, since the caller may read the memory; a file of anyone else pasted into it is left as its URL.
   */
  private async readableFiles(memory: Memory): Promise<Set<string>> {
    const keys = listImageSources(JSON.parse(memory.contentJson) as MemoryDocument).flatMap(
      (src) => keyOfFileUrl(src) ?? [],
    );
    const owned = [...new Set(keys)].filter((key) => ownerOfFileKey(key) === memory.ownerId);
    const records = owned.length > 0 ? await this.files.findOwned(memory.ownerId, owned) : [];
    const readable = await Promise.all(
      records.map(async (record) => ((await this.journal.isStoredImage(record)) ? [record.key] : [])),
    );
    return new Set(readable.flat());
  }
}
