import {
  MEMORY_PLAIN_FIELD_DEFAULTS,
  MEMORY_PLAIN_FIELDS,
  plainFieldsOf,
  isMemoryMood,
  ownerOfFileUrl,
  type Memory,
  type MemoryInput,
  type MemoryPlainFields,
  type SealedMemory,
  type SealedMemoryContent,
} from '@memories/contracts';
import type { ContentDerivedInBrowser } from '@memories/editor-schema/render-in-browser';
import { journalCrypto } from './journal-crypto';

/** A memory of a locked journal: what the server holds of it is ciphertext. */
export function isSealed(memory: Pick<Memory, 'sealed'>): boolean {
  return memory.sealed !== undefined;
}

/** A locked memory's (or version's) ciphertext opened: what its author wrote, and what the server would derive from it. */
export interface OpenedContent extends SealedMemoryContent, MemoryPlainFields, ContentDerivedInBrowser {}

/** What a search keeps of a locked memory: what its author wrote and its text, no HTML. */
export interface OpenedText extends SealedMemoryContent, MemoryPlainFields {
  plainText: string;
}

/** The ciphertext opened and its plain fields read (a mood off the scale is no mood: no server checks a ciphertext). */
async function openedFields(journalId: string, sealed: SealedMemory, key: CryptoKey) {
  const { openMemoryContent } = await journalCrypto();
  const content = await openMemoryContent(key, journalId, sealed.ciphertext);
  const fields = plainFieldsOf(content.plainFields ?? {});
  return { ...content, ...fields, mood: isMemoryMood(fields.mood) ? fields.mood : null };
}

/**
 * The one way anything sealed is opened for showing (a memory, a summary, a version): the ciphertext opened with the
 * journal key, the plain fields read as the server stores them, and the HTML, text and counts the server could not
 * derive, derived here. The renderer is loaded only when something sealed is opened: plain memories never pay for
 * it. Throws `SealBrokenError` when it does not open with this journal's key.
 */
export async function openSealedContent(
  journalId: string,
  sealed: SealedMemory,
  key: CryptoKey,
): Promise<OpenedContent> {
  const [opened, { deriveContentInBrowser }] = await Promise.all([
    openedFields(journalId, sealed, key),
    import('@memories/editor-schema/render-in-browser'),
  ]);
  return { ...opened, ...deriveContentInBrowser(opened.contentJson) };
}

/**
 * `openSealedContent` for a search, which shows no HTML: rendering and sanitising it was most of what opening a
 * journal for its first search cost (docs/performance.md, "Locked journal: unlock and first search").
 */
export async function openSealedText(journalId: string, sealed: SealedMemory, key: CryptoKey): Promise<OpenedText> {
  const [opened, { textOfContentInBrowser }] = await Promise.all([
    openedFields(journalId, sealed, key),
    import('@memories/editor-schema/render-in-browser'),
  ]);
  return { ...opened, plainText: textOfContentInBrowser(opened.contentJson) };
}

/**
 * A locked memory as its author wrote it. `sealed` stays, so every part that receives it still knows it is locked.
 */
export async function openMemory(memory: Memory, key: CryptoKey): Promise<Memory> {
  if (!memory.sealed) return memory;
  const opened = await openSealedContent(memory.journalId, memory.sealed, key);
  return {
    ...memory,
    ...plainFieldsOf(opened),
    title: opened.title,
    contentJson: opened.contentJson,
    contentHtml: opened.contentHtml,
    tags: opened.tags,
    thumbnailUrl: opened.thumbnailUrl,
    wordCount: opened.wordCount,
    readingTime: opened.readingTime,
  };
}

/**
 * A save of a locked journal's memory as the server must receive it: the title, document, tags, thumbnail and plain
 * fields in one ciphertext, everything else of them empty (the server refuses plaintext there). `imageUrls` are the
 * images the document uses: the server is told which of its files they are (their addresses are random, their bytes
 * ciphertext), so it lets only the author read them and keeps them while the memory uses them.
 */
export async function sealInput(
  input: MemoryInput,
  key: CryptoKey,
  journalId: string,
  imageUrls: readonly string[],
): Promise<MemoryInput> {
  const contentJson = typeof input.contentJson === 'string' ? input.contentJson : JSON.stringify(input.contentJson);
  const plainFields: Partial<MemoryPlainFields> = {};
  for (const name of MEMORY_PLAIN_FIELDS)
    if (input[name] !== undefined) Object.assign(plainFields, { [name]: input[name] });
  const { sealMemoryContent } = await journalCrypto();
  const ciphertext = await sealMemoryContent(key, journalId, {
    title: input.title,
    contentJson,
    tags: input.tags ?? [],
    thumbnailUrl: input.thumbnailUrl ?? '',
    plainFields,
  });
  const { contentHtml: _derivedHere, ...rest } = input;
  return {
    ...rest,
    ...MEMORY_PLAIN_FIELD_DEFAULTS,
    title: '',
    contentJson: '',
    tags: [],
    thumbnailUrl: '',
    journalId,
    sealed: { ciphertext, imageUrls: imageUrls.filter((src) => ownerOfFileUrl(src) !== null) },
  };
}

/**
 * An opened memory as the server holds it (its ciphertext, its plaintext fields empty): what may be kept on the
 * device, where an opened copy never goes.
 */
export function withoutPlaintext(memory: Memory): Memory {
  if (!memory.sealed) return memory;
  return {
    ...memory,
    ...MEMORY_PLAIN_FIELD_DEFAULTS,
    title: '',
    contentJson: '',
    contentHtml: '',
    tags: [],
    thumbnailUrl: '',
    wordCount: 0,
    readingTime: 0,
  };
}
