import { isEditorDocument, type EditorDocument } from './editor-document';

/** The form as the page holds it, besides the document inside the rich-text editor. */
export interface MemoryFormFields {
  title: string;
  /** yyyy-MM-dd */
  date: string;
  tags: string[];
  thumbnailUrl: string;
}

/** Unsaved edits kept on this device until they are saved or discarded. */
export interface MirroredDraft extends MemoryFormFields {
  content: EditorDocument;
  /** Epoch milliseconds of the last edit mirrored. */
  savedAt: number;
}

/**
 * What the mirror writes: the fields and the document already as JSON text (the rich-text editor's `getJSONText`,
 * which serialises only the blocks changed since its last call).
 */
export interface DraftToMirror extends MemoryFormFields {
  contentJson: string;
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

/** One mirror per user and memory ("new" before the first save), so accounts on one browser never see each other's text. */
export const draftMirrorKey = (userId: string, memoryId: string | null) => `${PREFIX}:${userId}:${memoryId ?? 'new'}`;

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

/**
 * localStorage rather than IndexedDB: it writes synchronously, so the last edits are on disk even when the tab is
 * closed or crashes right after `pagehide`, where an asynchronous IndexedDB transaction may never commit.
 */
export const draftMirror = {
  read(key: string): MirroredDraft | null {
    try {
      const raw = localStorage.getItem(key);
      const parsed: unknown = raw === null ? null : JSON.parse(raw);
      return isMirroredDraft(parsed) ? parsed : null;
    } catch {
      return null;
    }
  },
  /** False when the browser refused (storage full or disabled): the edit is then only in the page. */
  write(key: string, { contentJson, ...rest }: DraftToMirror): boolean {
    try {
      // The text JSON.stringify gives a MirroredDraft, without parsing or serialising the document again.
      localStorage.setItem(key, `${JSON.stringify(rest).slice(0, -1)},"content":${contentJson}}`);
      return true;
    } catch (error) {
      console.error('Could not keep unsaved changes on this device', error);
      return false;
    }
  },
  remove(key: string): void {
    try {
      localStorage.removeItem(key);
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
    draft.tags.join('\u0000') !== fields.tags.join('\u0000') ||
    JSON.stringify(draft.content) !== JSON.stringify(content)
  );
}
