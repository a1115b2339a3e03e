import type { Memory } from '@memories/contracts';
import type { MemorySaveRequest, MemorySaveResult, PendingSave } from '@memories/web-offline';

import type { RichTextEditorHandle } from '../../rich-text';
import type { MemoryFormFields } from '../utils/draft-mirror.util';
import type { EditorDocument } from '../utils/editor-document';
import type { MemoryFormErrors } from '../utils/memory-validation.util';
import type { ConflictVersion } from '../utils/version-conflict.util';

export type SaveKind = 'draft' | 'publish' | 'auto';
/** The saves the user asks for (checked first: a message under each field that needs one). */
export type ManualSaveKind = Exclude<SaveKind, 'auto'>;

export type SaveNotice =
  { severity: 'success'; message: string; published: Memory | null } | { severity: 'error'; message: string };

/**
 * A save refused because the memory changed elsewhere: the save that was refused, this editor's text and the newer
 * version.
 */
export interface SaveConflict {
  kind: SaveKind;
  mine: ConflictVersion;
  theirs: Memory;
}

/** What the form shows; a new object whenever something in it changed. */
export interface MemorySaveState {
  /** The fields besides the document; carried as data, never read one by one here. */
  fields: MemoryFormFields;
  /** The document's image sources: the thumbnail's choices, and what a sent save keeps on the server. */
  images: string[];
  errors: MemoryFormErrors;
  /** The memory as last saved (or as it is now known, e.g. under its server id); null before a first save. */
  memory: Memory | null;
  isDraft: boolean;
  lastSavedAt: Date | null;
  /** The last save waits in the device's outbox. */
  keptOnDevice: boolean;
  /** A save the user asked for is running (the save buttons wait). */
  manualSaving: boolean;
  /** Files being uploaded into the document. */
  uploads: number;
  conflict: SaveConflict | null;
  notice: SaveNotice | null;
}

/** The rich-text editor as saving uses it. */
export type SaveSessionEditor = Pick<RichTextEditorHandle, 'getJSON' | 'getHTML' | 'getText' | 'setContent'>;

/** Where unsaved edits are kept on this device until they are saved (`useDraftMirror`, keyed by the memory's id). */
export interface SaveSessionMirror {
  /** Mirror the edits soon, under the memory's current id. */
  schedule(): void;
  /** Mirror them now. */
  flush(): void;
  /** Nothing is left to mirror. */
  cancel(): void;
  /** Forget what is mirrored under this id (null: a new memory's). */
  remove(memoryId: string | null): void;
}

/** Everything outside the session: the editor, the outbox, the mirror and the page. */
export interface SaveSessionPorts {
  /** Null while the rich-text editor is not mounted. */
  editor(): SaveSessionEditor | null;
  /** Sends the save, or keeps it in the device's outbox (`saveMemory`). */
  send(request: MemorySaveRequest): Promise<MemorySaveResult>;
  /** Gives up the save of this memory kept in the outbox. */
  discardKept(memoryId: string): Promise<void>;
  /** The memory as the outbox now has it: a memory created offline whose create was sent, under its server id. */
  follow(memory: Memory): Promise<Memory>;
  mirror: SaveSessionMirror;
  /** Images taken out of the document: the server is asked to delete them once a save without them was sent. */
  removedImages: {
    track(previous: readonly string[], current: readonly string[]): void;
    cleanUp(inUse: readonly string[]): void;
  };
  /** After every save, and whenever the memory takes a newer version or another id. */
  onSaved(memory: Memory): void;
}

export interface MemorySaveSessionOptions {
  userId: string;
  /** The memory to edit, or null for a new one. */
  memory: Memory | null;
  /** Its save waiting in the outbox, when `memory` comes from there: a refused one opens with its reason. */
  pendingSave: PendingSave | null;
  /** The document the editor opens with. */
  initialContent: EditorDocument | null;
  autoSave: boolean;
}
