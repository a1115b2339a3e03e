import {
  MEMORY_PLAIN_FIELD_DEFAULTS,
  MEMORY_PLAIN_FIELDS,
  plainFieldsOf,
  type Memory,
  type MemoryInput,
  type MemoryPlainFields,
} from '@memories/contracts';
import { openMemoryContent, sealMemoryContent } from '@memories/web-crypto';

/** A memory of a locked journal: what the server holds of it is ciphertext. */
export function isSealed(memory: Pick<Memory, 'sealed'>): boolean {
  return memory.sealed !== undefined;
}

/**
 * A locked memory as its author wrote it: the ciphertext opened with the journal key, and the HTML and counts the
 * server could not derive, derived here. `sealed` stays, so every part that receives it still knows it is locked.
 * The renderer is loaded only when a locked memory is opened: plain memories never pay for it.
 */
export async function openMemory(memory: Memory, key: CryptoKey): Promise<Memory> {
  if (!memory.sealed) return memory;
  const [content, { deriveContentInBrowser }] = await Promise.all([
    openMemoryContent(key, memory.journalId, memory.sealed.ciphertext),
    import('@memories/editor-schema/render-in-browser'),
  ]);
  const { contentHtml, wordCount, readingTime } = deriveContentInBrowser(content.contentJson);
  return {
    ...memory,
    ...plainFieldsOf(content.plainFields ?? {}),
    title: content.title,
    contentJson: content.contentJson,
    contentHtml,
    tags: content.tags,
    thumbnailUrl: content.thumbnailUrl,
    wordCount,
    readingTime,
  };
}

/**
 * A save of a locked journal's memory as the server must receive it: the title, document, tags, thumbnail and plain
 * fields in one ciphertext, everything else of them empty (the server refuses plaintext there).
 */
export async function sealInput(input: MemoryInput, key: CryptoKey, journalId: string): Promise<MemoryInput> {
  const contentJson = typeof input.contentJson === 'string' ? input.contentJson : JSON.stringify(input.contentJson);
  const plainFields: Partial<MemoryPlainFields> = {};
  for (const name of MEMORY_PLAIN_FIELDS)
    if (input[name] !== undefined) Object.assign(plainFields, { [name]: input[name] });
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
    sealed: { ciphertext, imageUrls: [] },
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
