import {
  ArchiveNames,
  MAX_PAGE_SIZE,
  imageExtensionOf,
  isSealedFileUrl,
  type Journal,
  type Memory,
} from '@memories/contracts';
import { listImageSources, replaceImageSources, type MemoryDocument } from '@memories/editor-schema';
import { journalsApi } from '@memories/web-api-client';
import { JournalLockedError, unlockedJournals } from '@memories/web-crypto';
import { openSealedImage } from './SealedImages';
import { openMemory } from './sealed-memories';

/** How far a decrypted archive has come: memories opened of the journal's. */
export interface DecryptedArchiveProgress {
  done: number;
  total: number;
}

export interface DecryptedArchiveOptions {
  onProgress?: (progress: DecryptedArchiveProgress) => void;
  signal?: AbortSignal;
}

/** A decrypted archive: the file the browser saves, made here and nowhere else. */
export interface DecryptedArchive {
  fileName: string;
  blob: Blob;
}

/** Every memory of the journal, oldest first, as the server holds them (ciphertext). */
async function allMemories(journalId: string, signal?: AbortSignal): Promise<Memory[]> {
  const memories: Memory[] = [];
  for (let page = 0; ; page++) {
    const list = await journalsApi.memories(
      journalId,
      { page, size: MAX_PAGE_SIZE, sortBy: 'createdAt', sortDirection: 'asc' },
      { signal },
    );
    memories.push(...list.memories);
    if (!list.pagination.hasNext) return memories;
  }
}

/**
 * A locked journal unlocked in this tab, decrypted here into an archive of Markdown files and images, laid out as the
 * server's export lays out Markdown (`memories/<journal>/<date>-<title>.md`, front matter, images under `images/`), so
 * that it reads on any machine and an import of it ("Markdown files") brings the memories back, in plain text. Nothing
 * decrypted is sent anywhere: the ciphertext and the sealed images are fetched, opened with the journal's key and
 * zipped in the page (fflate), and the archive is only handed to the browser to save.
 */
export async function makeDecryptedArchive(
  journal: Pick<Journal, 'id' | 'name'>,
  { onProgress, signal }: DecryptedArchiveOptions = {},
): Promise<DecryptedArchive> {
  const key = unlockedJournals.key(journal.id);
  if (!key) throw new JournalLockedError(journal.id);
  // The Markdown writer and the ZIP maker are loaded only for an archive.
  const [memories, { frontMatterOf, memoryMarkdown }, { zipSync }] = await Promise.all([
    allMemories(journal.id, signal),
    import('@memories/editor-schema/markdown'),
    import('fflate'),
  ]);
  const names = new ArchiveNames();
  const folder = names.journalFolder(journal.name);
  const files: Record<string, Uint8Array | [Uint8Array, { level: 0 }]> = {};
  onProgress?.({ done: 0, total: memories.length });
  for (const [index, sealed] of memories.entries()) {
    signal?.throwIfAborted();
    const memory = await openMemory(sealed, key);
    const base = names.memoryBase(memory.date, memory.title);
    const document = JSON.parse(memory.contentJson) as MemoryDocument;
    const paths = new Map<string, string>();
    for (const src of listImageSources(document)) {
      if (!isSealedFileUrl(src) || paths.has(src)) continue;
      const image = await openSealedImage(src, journal.id, key, signal);
      const path = ArchiveNames.imageFile(base, paths.size + 1, imageExtensionOf(image.type));
      // Images are compressed already: stored as they are.
      files[path] = [new Uint8Array(await image.arrayBuffer()), { level: 0 }];
      paths.set(src, path);
    }
    const withImages = replaceImageSources(document, (src) => (paths.has(src) ? `../../${paths.get(src)}` : undefined));
    files[ArchiveNames.markdownFile(base, folder)] = new TextEncoder().encode(
      memoryMarkdown(frontMatterOf(memory), withImages),
    );
    onProgress?.({ done: index + 1, total: memories.length });
  }
  return {
    fileName: `${folder}-decrypted-${new Date().toISOString().slice(0, 10)}.zip`,
    blob: new Blob([zipSync(files)], { type: 'application/zip' }),
  };
}
