// useOpenedVersion imports this module only when a locked memory's history is read: the browser's renderer comes in
// a chunk of its own, which a plain memory's history never loads.
import type { Memory, MemoryVersion, MemoryVersionContent } from '@memories/contracts';
import { deriveContentInBrowser } from '@memories/editor-schema/render-in-browser';
import { openSealedContent } from '@memories/web-journals';

/**
 * The current side of a comparison. The server's `current` of a locked memory has only the date and draft flag (the
 * rest of its columns are empty): the words come from the memory as this tab opened it.
 */
async function currentOf(version: MemoryVersion, memory: Memory): Promise<MemoryVersionContent> {
  if (!memory.sealed) return version.current;
  // What the server keeps as a plain memory's `contentText`, so both sides of a comparison read alike.
  const { plainText } = deriveContentInBrowser(memory.contentJson);
  return {
    ...version.current,
    title: memory.title,
    contentText: plainText,
    tags: memory.tags,
    thumbnailUrl: memory.thumbnailUrl,
    wordCount: memory.wordCount,
  };
}

/**
 * A version as the comparison shows it: a sealed one opened with its journal's key (`key`, needed only then), its HTML
 * and counts derived here, and the current side taken from `memory`, the memory opened in this tab. `sealed` stays, so
 * whatever receives it still knows it is locked. A ciphertext that does not open with this journal's key throws
 * (`SealBrokenError`), one sealed in another journal included: it is never shown, nor offered for a restore.
 */
export async function openVersion(version: MemoryVersion, memory: Memory, key?: CryptoKey): Promise<MemoryVersion> {
  const current = await currentOf(version, memory);
  if (!version.sealed) return { ...version, current };
  if (!key) throw new Error('openVersion needs the journal key of a sealed version');
  const opened = await openSealedContent(memory.journalId, version.sealed, key);
  return {
    ...version,
    title: opened.title,
    contentJson: opened.contentJson,
    contentHtml: opened.contentHtml,
    contentText: opened.plainText,
    tags: opened.tags,
    thumbnailUrl: opened.thumbnailUrl,
    wordCount: opened.wordCount,
    current,
  };
}
