import { Inject, Injectable } from '@nestjs/common';
import { MEMORY_SUBJECTS, type Memory } from '@memories/contracts';
import { listImageSources, type MemoryDocument } from '@memories/editor-schema';
import { BusClient } from '@memories/nest-common';
import { MemoryReferencesClient } from '../../access/memory-references.client';
import { keyOfFileUrl, ownerOfKey } from '../../files/file-key';
import { FilesRepository } from '../../files/files.repository';
import { STORAGE, type StoragePort } from '../../storage/storage.port';
import { ZipStreamWriter } from '../archive/zip-stream.writer';
import { ArchiveNames } from './archive-names';
import { JournalExportService, extensionOfKey, type TransferCaller } from './journal-export.service';
import { buildMemoryEntry } from './memory-entry.builder';

/** One memory as one file: Markdown alone, or a ZIP of the Markdown and its images when it has any. */
export type MemoryDownload =
  | { kind: 'markdown'; fileName: string; body: Buffer }
  | { kind: 'zip'; fileName: string; zip: ZipStreamWriter };

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
    private readonly references: MemoryReferencesClient,
    @Inject(STORAGE) private readonly storage: StoragePort,
  ) {}

  async download(caller: TransferCaller, id: string): Promise<MemoryDownload> {
    const memory = await this.bus.request(MEMORY_SUBJECTS.get, { id }, caller);
    const base = new ArchiveNames().memoryBase(memory.date, memory.title);
    const readable = await this.readableFiles(caller, memory);
    const entry = buildMemoryEntry(memory, {
      markdownFile: `${base}.md`,
      recipients: [],
      markdownToRoot: '',
      placeImage: (key, position) => (readable.has(key) ? { path: `images/${position}.${extensionOfKey(key)}`, isNew: true } : undefined),
    });
    if (entry.newImages.length === 0) return { kind: 'markdown', fileName: `${base}.md`, body: Buffer.from(entry.markdown) };
    const zip = new ZipStreamWriter();
    const mtime = new Date(memory.updatedAt);
    zip.addBuffer(`${base}.md`, Buffer.from(entry.markdown), { compress: true, mtime });
    for (const image of entry.newImages) zip.add(image.path, () => this.storage.read(image.key), { compress: false, mtime });
    zip.end();
    return { kind: 'zip', fileName: `${base}.zip`, zip };
  }

  /** The memory's stored images the caller may read: their own, or the memory owner's files this memory uses. */
  private async readableFiles(caller: TransferCaller, memory: Memory): Promise<Set<string>> {
    const keys = listImageSources(JSON.parse(memory.contentJson) as MemoryDocument).flatMap((src) => keyOfFileUrl(src) ?? []);
    const readable = await Promise.all(
      [...new Set(keys)].map(async (key) => {
        const owner = ownerOfKey(key) ?? '';
        const [record] = await this.files.findOwned(owner, [key]);
        if (!record || !(await this.journal.isStoredImage(record))) return [];
        return owner === caller.userId || (await this.references.canRead(caller, owner, key)) ? [key] : [];
      }),
    );
    return new Set(readable.flat());
  }
}
