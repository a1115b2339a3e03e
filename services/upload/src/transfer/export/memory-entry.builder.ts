import type { ExportedMemory, Memory } from '@memories/contracts';
import { listImageSources, replaceImageSources, type MemoryDocument } from '@memories/editor-schema';
import { frontMatterOf, memoryMarkdown } from '@memories/editor-schema/markdown';
import { keyOfFileUrl } from '../../files/file-key';

/** Where one of the memory's files goes in the archive; `isNew` when no earlier memory put it there already. */
export interface ImagePlacement {
  path: string;
  isNew: boolean;
}

export interface MemoryEntryOptions {
  /** The memory's Markdown file inside the archive. */
  markdownFile: string;
  /** Recipients' e-mail addresses. */
  recipients: string[];
  /** The place of a file key the archive includes, or undefined to leave that image's URL as it is. */
  placeImage: (key: string, position: number) => ImagePlacement | undefined;
  /** How the Markdown file reaches the archive's root (`../` from `memories/`). */
  markdownToRoot: string;
}

/** What the archive holds of one memory: its `memories.json` entry, its Markdown file, and the files to copy. */
export interface MemoryEntry {
  exported: ExportedMemory;
  markdown: string;
  newImages: Array<{ key: string; path: string }>;
}

/**
 * One memory as the archive holds it. Its own images point into the archive wherever the memory had their URL
 * (the document, the HTML, the thumbnail), so the archive reads whole on any machine and imports anywhere.
 */
export function buildMemoryEntry(memory: Memory, options: MemoryEntryOptions): MemoryEntry {
  if (memory.sealed) return sealedEntry(memory, memory.sealed.imageUrls, options);
  const document = JSON.parse(memory.contentJson) as MemoryDocument;
  const { paths, newImages } = placeImages(listImageSources(document), options);
  let contentHtml = memory.contentHtml;
  for (const [src, archivePath] of paths) contentHtml = contentHtml.split(src).join(archivePath);
  const inMarkdown = replaceImageSources(document, (src) =>
    paths.has(src) ? `${options.markdownToRoot}${paths.get(src)}` : undefined,
  );
  return {
    exported: {
      ...memory,
      contentJson: replaceImageSources(document, (src) => paths.get(src)) as unknown as Record<string, unknown>,
      contentHtml,
      thumbnailUrl: paths.get(memory.thumbnailUrl) ?? memory.thumbnailUrl,
      sharedWith: options.recipients,
      markdownFile: options.markdownFile,
    },
    markdown: memoryMarkdown(frontMatterOf(memory), inMarkdown),
    newImages,
  };
}

/**
 * A memory of a locked journal: the archive holds its ciphertext as the server does (`sealed`), and no Markdown file,
 * since nothing of it can be read here. Its images are copied as the ciphertext they are, listed by the address the
 * ciphertext names them with (`sealedImageFiles`). It is never shared, and its plaintext fields are empty.
 */
function sealedEntry(memory: Memory, imageUrls: string[], options: MemoryEntryOptions): MemoryEntry {
  const { paths, newImages } = placeImages(imageUrls, options);
  return {
    exported: {
      ...memory,
      contentJson: {},
      sharedWith: [],
      markdownFile: '',
      ...(paths.size > 0 ? { sealedImageFiles: Object.fromEntries(paths) } : {}),
    },
    markdown: '',
    newImages,
  };
}

/**
 * Where each of the memory's own images goes in the archive (`paths`: its address → the archive path), and those no
 * earlier memory put there already (`newImages`, the files to copy). Addresses of no file of the archive are left out.
 */
function placeImages(
  sources: readonly string[],
  options: MemoryEntryOptions,
): { paths: Map<string, string>; newImages: MemoryEntry['newImages'] } {
  const paths = new Map<string, string>();
  const newImages: MemoryEntry['newImages'] = [];
  for (const src of sources) {
    const key = keyOfFileUrl(src);
    const placement = key ? options.placeImage(key, newImages.length + 1) : undefined;
    if (!key || !placement) continue;
    paths.set(src, placement.path);
    if (placement.isNew) newImages.push({ key, path: placement.path });
  }
  return { paths, newImages };
}
