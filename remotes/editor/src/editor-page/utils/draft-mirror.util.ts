import { holdsPlainFields, plainFieldsOf, type MemoryPlainFields } from '@memories/contracts';

// The serialiser's own module, not ../../rich-text: that one is the editor component, which page tests replace.
import { joinDocumentJson, type DocumentJsonParts } from '../../rich-text/document-json-text.util';
import { isEditorDocument, type EditorDocument } from './editor-document';

/** The form as the page holds it, besides the document inside the rich-text editor; the plain fields as stored. */
export interface MemoryFormFields extends MemoryPlainFields {
  title: string;
  /** yyyy-MM-dd */
  date: string;
  tags: string[];
  thumbnailUrl: string;
  /** The journal it goes to; absent: the memory's own, or for a new memory the writer's default journal. */
  journalId?: string;
}

/** Unsaved edits kept on this device until they are saved or discarded. */
export interface MirroredDraft extends MemoryFormFields {
  content: EditorDocument;
  /** Epoch milliseconds of the last edit mirrored. */
  savedAt: number;
}

/**
 * What the mirror writes: the fields and the document already as JSON text cut at its blocks (the rich-text editor's
 * `getJSONParts`, which serialises only the blocks changed since its last call).
 */
export interface DraftToMirror extends MemoryFormFields {
  content: DocumentJsonParts;
  savedAt: number;
}

/**
 * How long after an edit the mirror is written at the earliest: not after every key, and not postponed by the next
 * one either, so text typed without a pause is still on this device every half second or so.
 */
export const MIRROR_DELAY_MS = 400;

/** After that delay the write waits for an idle moment of the main thread, at most this long. */
export const MIRROR_IDLE_TIMEOUT_MS = 1_000;

/** The User Timing entry of the latest write (serialising and storing), which `npm run bench:editor` reads. */
export const MIRROR_WRITE_MEASURE = 'memories:draft-mirror-write';

const PREFIX = 'memories.editorDraft';

/**
 * One mirror per user and memory ("new" before the first save), so accounts on one browser never see each other's text.
 */
export const draftMirrorKey = (userId: string, memoryId: string | null) => `${PREFIX}:${userId}:${memoryId ?? 'new'}`;

/**
 * A mirror is stored as the fields and a list of chunks, each chunk a run of the document's blocks under a key of its
 * own beside the mirror's. A write stores only the chunks that changed: typing in a 10,000-paragraph memory stores
 * a few KiB, not the whole 1.4 MiB text, whose one synchronous `setItem` was the editor's longest task while typing.
 */
interface StoredMirror extends MemoryFormFields {
  savedAt: number;
  /** The document without its blocks (`DocumentJsonParts.head`). */
  contentHead: string;
  /** The ids of the chunks that hold the blocks, in order. */
  contentChunks: string[];
}

const chunkKey = (key: string, chunkId: string) => `${key}#${chunkId}`;

/** About one block in this many ends a chunk: ~30 blocks, a few KiB, for a chunk of ordinary paragraphs. */
const BLOCKS_PER_CHUNK = 32;
/** A run of blocks none of which ends a chunk (a hundred empty paragraphs) still ends here. */
const MAX_BLOCKS_PER_CHUNK = 128;

/**
 * Whether a block ends its chunk, decided by a hash of the block's own text: where chunks end does not move when a
 * block is added, removed or edited elsewhere, so such an edit changes the chunk it is in, and at most the next one,
 * not every chunk after it.
 */
function endsChunk(block: string): boolean {
  let hash = block.length;
  for (let index = 0; index < block.length; index++) hash = Math.imul(hash ^ block.charCodeAt(index), 0x9e3779b1);
  return hash >>> 0 < 2 ** 32 / BLOCKS_PER_CHUNK;
}

/**
 * `endsChunk` of each block last cut into chunks, by the block's text: a cut hashes only the blocks edited since (the
 * serialiser hands back the very same string for a block it did not serialise again).
 */
let endsOfLastCut = new Map<string, boolean>();

/** The last blocks cut into chunks: a write after the slices that stored its chunks ahead cuts the same blocks. */
let lastCut: { blocks: readonly string[]; chunks: string[] } = { blocks: [], chunks: [] };

/** The blocks cut into chunks, each the JSON texts of its blocks joined by commas. */
function toChunks(blocks: readonly string[]): string[] {
  // The serialiser hands back the very same strings for blocks it did not serialise again: comparing them is cheap.
  if (blocks.length === lastCut.blocks.length && blocks.every((block, index) => block === lastCut.blocks[index]))
    return lastCut.chunks;
  const ends = new Map<string, boolean>();
  const chunks: string[] = [];
  let start = 0;
  blocks.forEach((block, index) => {
    const end = ends.get(block) ?? endsOfLastCut.get(block) ?? endsChunk(block);
    ends.set(block, end);
    if (end || index === blocks.length - 1 || index + 1 - start >= MAX_BLOCKS_PER_CHUNK) {
      chunks.push(blocks.slice(start, index + 1).join(','));
      start = index + 1;
    }
  });
  endsOfLastCut = ends;
  lastCut = { blocks, chunks };
  return chunks;
}

/**
 * The chunks this page stored, by mirror key and then by text. Whether a chunk is still stored is always asked of
 * the stored mirror: another tab writing the same mirror may have replaced it.
 */
const storedByThisPage = new Map<string, Map<string, string>>();
/** Chunks stored ahead of a write (`draftMirror.prepare`) that no stored mirror lists yet, by mirror key. */
const storedAhead = new Map<string, Set<string>>();
const pageTag = Math.random().toString(36).slice(2, 8);
let chunksStored = 0;
/** Unique among this mirror's chunks whichever tab stored them. */
const newChunkId = () => `${pageTag}${(chunksStored++).toString(36)}`;

function isMirroredDraft(value: unknown): value is MirroredDraft {
  if (typeof value !== 'object' || value === null) return false;
  const draft = value as Partial<Record<keyof MirroredDraft, unknown>>;
  return (
    typeof draft.title === 'string' &&
    typeof draft.date === 'string' &&
    Array.isArray(draft.tags) &&
    draft.tags.every((tag) => typeof tag === 'string') &&
    typeof draft.thumbnailUrl === 'string' &&
    typeof draft.savedAt === 'number' &&
    isEditorDocument(draft.content)
  );
}

function isStoredMirror(value: unknown): value is StoredMirror {
  if (typeof value !== 'object' || value === null) return false;
  const { contentHead, contentChunks } = value as Partial<Record<keyof StoredMirror, unknown>>;
  return (
    typeof contentHead === 'string' &&
    Array.isArray(contentChunks) &&
    contentChunks.every((id) => typeof id === 'string')
  );
}

/** The chunks the stored mirror lists (none for a mirror of the earlier layout). */
function listedChunks(key: string): Set<string> {
  const stored = readStored(key);
  return new Set(isStoredMirror(stored) ? stored.contentChunks : []);
}

/** What is stored under a mirror's key, parsed; null when nothing (or nothing readable) is. */
function readStored(key: string): unknown {
  const raw = localStorage.getItem(key);
  try {
    return raw === null ? null : JSON.parse(raw);
  } catch {
    return null;
  }
}

/**
 * The draft a stored mirror holds, its chunks put back together; null when one is missing (a write of another tab
 * replaced them under this read). A mirror written before mirrors were chunked holds its `content` itself.
 */
function toDraft(key: string, stored: unknown): unknown {
  if (!isStoredMirror(stored)) return stored;
  const { contentHead, contentChunks, ...fields } = stored;
  const chunks: string[] = [];
  for (const id of contentChunks) {
    const chunk = localStorage.getItem(chunkKey(key, id));
    if (chunk === null) return null;
    chunks.push(chunk);
  }
  // The next write of this mirror (after "Restore") then stores only what changed since.
  storedByThisPage.set(key, new Map(chunks.map((chunk, index) => [chunk, contentChunks[index] as string])));
  return { ...fields, content: JSON.parse(joinDocumentJson(contentHead, chunks)) };
}

/**
 * localStorage rather than IndexedDB: it writes synchronously, so the last edits are on disk even when the tab is
 * closed or crashes right after `pagehide`, where an asynchronous IndexedDB transaction may never commit. A write
 * stores its new chunks first, then the mirror that lists them, and only then removes the chunks no longer listed:
 * cut short anywhere, the mirror on disk is the previous one or the new one, whole.
 */
export const draftMirror = {
  read(key: string): MirroredDraft | null {
    try {
      const draft = toDraft(key, readStored(key));
      // A plain field a mirror was written without (it came later) has its value in a memory without one.
      return isMirroredDraft(draft) ? { ...draft, ...plainFieldsOf(draft) } : null;
    } catch {
      return null;
    }
  },
  /**
   * Stores ahead, while `hasTime()` says so (a slice of idle time), the chunks the next write of this content would
   * store; true once none is left. The first write after opening a long memory stores every chunk: this way not
   * in one task. Unlisted until that write, which checks that each is still there.
   */
  prepare(key: string, content: DocumentJsonParts, hasTime: () => boolean): boolean {
    try {
      const listed = listedChunks(key);
      const known = storedByThisPage.get(key) ?? new Map<string, string>();
      const ahead = storedAhead.get(key) ?? new Set<string>();
      storedByThisPage.set(key, known);
      storedAhead.set(key, ahead);
      let storedNow = 0;
      for (const chunk of toChunks(content.blocks)) {
        const id = known.get(chunk);
        if (id !== undefined && (listed.has(id) || ahead.has(id))) continue;
        // At least one chunk per slice, so that even a slice spent before it began moves the write closer.
        if (storedNow > 0 && !hasTime()) return false;
        storedNow += 1;
        const fresh = newChunkId();
        localStorage.setItem(chunkKey(key, fresh), chunk);
        known.set(chunk, fresh);
        ahead.add(fresh);
      }
      return true;
    } catch {
      // Refused (storage full or disabled): the write itself will try, and say so.
      return true;
    }
  },
  /** False when the browser refused (storage full or disabled): the edit is then only in the page. */
  write(key: string, { content, ...fields }: DraftToMirror): boolean {
    const ahead = storedAhead.get(key) ?? new Set<string>();
    storedAhead.delete(key);
    const added: string[] = [];
    let stillStored: Set<string>;
    let chunks: Map<string, string>;
    let chunkIds: string[];
    try {
      stillStored = listedChunks(key);
      const known = storedByThisPage.get(key);
      // Stored ahead and not removed since (a save in another tab removes the mirror with every chunk).
      const reusable = (id: string) =>
        stillStored.has(id) || (ahead.has(id) && localStorage.getItem(chunkKey(key, id)) !== null);
      chunks = new Map<string, string>();
      chunkIds = toChunks(content.blocks).map((chunk) => {
        const knownId = known?.get(chunk);
        let id = chunks.get(chunk) ?? (knownId !== undefined && reusable(knownId) ? knownId : undefined);
        if (id === undefined) {
          id = newChunkId();
          localStorage.setItem(chunkKey(key, id), chunk);
          added.push(id);
        }
        chunks.set(chunk, id);
        return id;
      });
      const mirror: StoredMirror = { ...fields, contentHead: content.head, contentChunks: chunkIds };
      localStorage.setItem(key, JSON.stringify(mirror));
    } catch (error) {
      // The previous mirror is whole; the chunks stored for this write besides it would only take up space.
      for (const id of [...added, ...ahead]) localStorage.removeItem(chunkKey(key, id));
      console.error('Could not keep unsaved changes on this device', error);
      return false;
    }
    storedByThisPage.set(key, chunks);
    const listed = new Set(chunkIds);
    for (const id of [...stillStored, ...ahead]) if (!listed.has(id)) localStorage.removeItem(chunkKey(key, id));
    return true;
  },
  remove(key: string): void {
    storedByThisPage.delete(key);
    storedAhead.delete(key);
    try {
      localStorage.removeItem(key);
      // Every chunk, also one a write cut short (a closed tab, a full storage) left unlisted.
      for (const stored of Object.keys(localStorage))
        if (stored.startsWith(chunkKey(key, ''))) localStorage.removeItem(stored);
    } catch {
      // Storage disabled: there is nothing to remove.
    }
  },
};

/** Whether the mirror holds anything the loaded memory (or an empty new form) does not. */
export function differsFrom(draft: MirroredDraft, fields: MemoryFormFields, content: EditorDocument | null): boolean {
  return (
    draft.title !== fields.title ||
    draft.date !== fields.date ||
    draft.thumbnailUrl !== fields.thumbnailUrl ||
    (draft.journalId ?? '') !== (fields.journalId ?? '') ||
    draft.tags.join('\u0000') !== fields.tags.join('\u0000') ||
    !holdsPlainFields(fields, draft) ||
    JSON.stringify(draft.content) !== JSON.stringify(content)
  );
}
