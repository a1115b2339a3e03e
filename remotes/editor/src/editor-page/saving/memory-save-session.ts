import type { Memory } from '@memories/contracts';
import { MEMORY_FALLBACK_MESSAGES, versionConflictOf } from '@memories/web-api-client';
import { changedElsewhere, type MemorySaveResult, type OutboxEvent } from '@memories/web-offline';

import type { MemoryFormFields } from '../utils/draft-mirror.util';
import { parseContentJson, type EditorDocument } from '../utils/editor-document';
import { formFieldsOf, toMemoryInput } from '../utils/memory-input.util';
import { canAutoSave, validateMemoryForm, type MemoryFormErrors } from '../utils/memory-validation.util';
import { formVersion } from '../utils/version-conflict.util';
import type {
  ManualSaveKind,
  MemorySaveSessionOptions,
  MemorySaveState,
  SaveConflict,
  SaveKind,
  SaveNotice,
  SaveSessionPorts,
} from './memory-save-session.types';

/** Spec section 9: auto-save runs this long after the last edit. */
export const AUTO_SAVE_DELAY_MS = 2000;

/** A save that could not reach the server waits in the device's outbox (issue 20) instead of failing. */
export const SAVED_ON_DEVICE_MESSAGE = "Saved on this device — will be sent when you're back online";
export const SAVED_AS_DRAFT_MESSAGE = 'Memory saved as draft!';
export const PUBLISHED_MESSAGE = 'Memory published successfully!';

// Auto-save failures are only logged, and these two not even that (spec section 8).
const SILENCED_AUTO_SAVE_FAILURES: readonly string[] = [
  MEMORY_FALLBACK_MESSAGES.create,
  MEMORY_FALLBACK_MESSAGES.update,
];

const EMPTY_DOCUMENT: EditorDocument = { type: 'doc', content: [{ type: 'paragraph' }] };

/**
 * One editing of a memory, from opening to leaving: the form's fields, every save (one at a time, manual or
 * automatic, sent or kept in the device's outbox), a new memory's one create, the version each save is based on, a
 * newer version saved elsewhere, and the memory's id as the outbox moves it. Plain code: the form renders its state
 * (`subscribe`, `getState`) and calls its methods; what it needs from outside comes through `ports`.
 */
export class MemorySaveSession {
  private state: MemorySaveState;
  private readonly listeners = new Set<() => void>();
  // Every edit bumps `revision`; a save records the revision it sent. Unsaved changes: the two differ.
  private revision = 0;
  private savedRevision = 0;
  // One key for every attempt to create this memory: a create whose answer was lost (timeout, dropped network) and
  // is sent again makes no second memory; the server answers the first one.
  private readonly createAttempt = { key: crypto.randomUUID(), tries: 0 };
  private manualSaveRunning = false;
  private queue: Promise<void> = Promise.resolve();
  private autoSaveTimer: ReturnType<typeof setTimeout> | null = null;
  private autoSave: boolean;
  private imagesReported = false;
  private stopped = false;
  private readonly userId: string;

  constructor(
    { userId, memory, pendingSave, initialContent, autoSave }: MemorySaveSessionOptions,
    private readonly ports: SaveSessionPorts,
  ) {
    this.userId = userId;
    this.autoSave = autoSave;
    const fields = formFieldsOf(memory);
    // A save sent from the outbox and refused: the editor opens with its reason, or with both versions.
    const refused = pendingSave?.state === 'failed' && pendingSave.failure ? pendingSave.failure : null;
    const theirs = pendingSave?.state === 'conflict' ? (pendingSave.theirs ?? null) : null;
    this.state = {
      fields,
      images: [],
      errors: {},
      memory,
      isDraft: memory?.isDraft ?? true,
      lastSavedAt: null,
      keptOnDevice: false,
      manualSaving: false,
      uploads: 0,
      conflict: theirs && {
        kind: pendingSave?.input.isDraft === false ? 'publish' : 'draft',
        mine: formVersion(fields, initialContent ?? { type: 'doc' }),
        theirs,
      },
      notice: refused === null ? null : { severity: 'error', message: refused },
    };
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getState = (): MemorySaveState => this.state;

  hasUnsavedChanges(): boolean {
    return this.revision !== this.savedRevision;
  }

  /**
   * The form is shown. Call once outbox events reach `receive`: the memory's id is followed once more, as a create
   * sent between the page reading the outbox and then would otherwise leave the editor on the local id.
   */
  async start(): Promise<void> {
    this.stopped = false;
    const opened = this.state.memory;
    if (!opened) return;
    const now = await this.ports.follow(opened);
    const current = this.state.memory;
    if (this.stopped || now.id === opened.id || current?.id !== opened.id) return;
    this.moveTo(current, now);
    this.ports.onSaved(now);
  }

  /** The form is gone: nothing more is scheduled, and answers still on their way change nothing. */
  stop(): void {
    this.stopped = true;
    this.clearAutoSave();
  }

  /** The document changed (every keystroke: nothing is rendered for it). */
  readonly edited = (): void => {
    this.markChanged();
    // Most keystrokes have no error to clear.
    if (this.state.errors.text) this.update({ errors: { ...this.state.errors, text: undefined } });
  };

  /** Fields changed: the messages under them go, the edit is mirrored and auto-saved like any other. */
  change(patch: Partial<MemoryFormFields>): void {
    const errors: Record<string, string | undefined> = { ...this.state.errors };
    for (const field of Object.keys(patch)) delete errors[field];
    this.update({ fields: { ...this.state.fields, ...patch }, errors });
    this.markChanged();
  }

  /** The document's images as the editor reports them; what the first report lacks was never in it. */
  readonly setImages = (images: string[]): void => {
    if (this.imagesReported) this.ports.removedImages.track(this.state.images, images);
    this.imagesReported = true;
    this.update({ images });
  };

  readonly setUploads = (uploads: number): void => {
    this.update({ uploads });
  };

  setAutoSave(enabled: boolean): void {
    this.autoSave = enabled;
    if (!enabled) this.clearAutoSave();
  }

  notify(notice: SaveNotice | null): void {
    this.update({ notice });
  }

  /** Save Draft or Publish: the messages of the check, empty when the save was queued. */
  save(kind: ManualSaveKind): MemoryFormErrors {
    const editor = this.ports.editor();
    if (!editor) return {};
    const errors = validateMemoryForm({ ...this.state.fields, text: editor.getText() });
    this.update({ errors });
    if (Object.values(errors).some(Boolean)) return errors;
    this.manualSaveRunning = true;
    this.update({ manualSaving: true });
    this.enqueue(kind);
    return {};
  }

  /** "Keep mine": this editor's text, saved on top of the newer version (the save the user asked for, or a draft). */
  keepMine(): MemoryFormErrors {
    const resolved = this.resolveConflict();
    if (!resolved) return {};
    this.update({ memory: resolved.theirs });
    return this.save(resolved.kind === 'publish' ? 'publish' : 'draft');
  }

  /**
   * "Keep theirs": the newer version goes into the editor as the saved state; this editor's text is dropped. A locked
   * memory's newer version arrives sealed: `readable` is it opened, for the editor and the fields.
   */
  keepTheirs(readable?: Memory): void {
    const resolved = this.resolveConflict();
    if (!resolved) return;
    const { theirs } = resolved;
    const shown = readable?.id === theirs.id ? readable : theirs;
    // A save of this memory kept on the device (sent later and refused) is given up with the rest of this text.
    this.ports
      .discardKept(theirs.id)
      .catch((failure: unknown) => console.error('Discarding the save kept on this device failed', failure));
    this.clearAutoSave();
    this.ports.editor()?.setContent(parseContentJson(shown.contentJson) ?? EMPTY_DOCUMENT);
    this.savedRevision = this.revision;
    this.ports.mirror.cancel();
    this.ports.mirror.remove(theirs.id);
    this.update({
      memory: theirs,
      fields: formFieldsOf(shown),
      errors: {},
      isDraft: theirs.isDraft,
      keptOnDevice: false,
    });
    this.ports.onSaved(theirs);
  }

  /** What the outbox tells every page: a save of this memory sent (it may have taken its server id) or refused. */
  receive(event: OutboxEvent): void {
    const current = this.state.memory;
    if (this.stopped || event.userId !== this.userId || !current) return;
    if (event.type === 'conflict') {
      // Sent from the outbox and refused: this editor holds that text (or newer), so it asks here.
      const editor = this.ports.editor();
      if (event.memoryId !== current.id || !editor || this.state.conflict) return;
      this.ports.mirror.flush();
      const kind = current.isDraft ? 'draft' : 'publish';
      this.update({ conflict: { kind, mine: formVersion(this.state.fields, editor.getJSON()), theirs: event.theirs } });
      return;
    }
    if (event.type !== 'sent' || (current.id !== event.memory.id && current.id !== event.localId)) return;
    // Sent whole, it is the saved state; otherwise (saved again meanwhile) only its id is news.
    const followed = event.settled ? event.memory : { ...current, id: event.memory.id };
    this.moveTo(current, followed);
    if (event.settled) this.update({ keptOnDevice: false });
    if (current.id !== followed.id || event.settled) this.ports.onSaved(followed);
  }

  private update(patch: Partial<MemorySaveState>): void {
    this.state = { ...this.state, ...patch };
    this.listeners.forEach((listener) => listener());
  }

  /** The memory is now known as `next`; under another id, the mirror of unsaved text moves with it. */
  private moveTo(current: Memory, next: Memory): void {
    this.update({ memory: next });
    if (current.id === next.id) return;
    this.ports.mirror.remove(current.id);
    if (this.hasUnsavedChanges()) this.ports.mirror.schedule();
  }

  private markChanged(): void {
    this.revision += 1;
    this.ports.mirror.schedule();
    this.scheduleAutoSave();
  }

  private clearAutoSave(): void {
    if (this.autoSaveTimer !== null) clearTimeout(this.autoSaveTimer);
    this.autoSaveTimer = null;
  }

  private scheduleAutoSave(): void {
    this.clearAutoSave();
    if (!this.autoSave || this.stopped) return;
    this.autoSaveTimer = setTimeout(() => {
      this.autoSaveTimer = null;
      this.autoSaveNow();
    }, AUTO_SAVE_DELAY_MS);
  }

  private autoSaveNow(): void {
    const editor = this.ports.editor();
    // Never over a newer version: auto-save waits while the user decides between the two.
    if (
      !editor ||
      this.state.conflict ||
      this.manualSaveRunning ||
      this.state.uploads > 0 ||
      !this.hasUnsavedChanges() ||
      !canAutoSave({ ...this.state.fields, text: editor.getText() })
    )
      return;
    this.enqueue('auto');
  }

  /** One save at a time: a create still running must not be followed by a second create. */
  private enqueue(kind: SaveKind): void {
    this.queue = this.queue.then(() => this.run(kind));
  }

  private async run(kind: SaveKind): Promise<void> {
    const editor = this.ports.editor();
    const previous = this.state.memory;
    try {
      // A queued auto-save finds nothing to do when the save before it took every change.
      if (!editor || (kind === 'auto' && !this.hasUnsavedChanges())) return;
      const sentRevision = this.revision;
      const { fields, images } = this.state;
      const input = toMemoryInput({
        fields,
        content: editor.getJSON(),
        html: editor.getHTML(),
        images,
        isDraft: kind !== 'publish',
        sharedWith: previous?.sharedWith ?? [],
        version: previous?.version,
      });
      const autoSave = kind === 'auto';
      const attempt = this.createAttempt;
      // Sent, or kept in the device's outbox when the server cannot be reached (sent from there once it can).
      const result = await this.ports.send(
        previous
          ? { kind: 'update', memoryId: previous.id, input, base: previous, autoSave }
          : { kind: 'create', idempotencyKey: attempt.key, createAttempts: (attempt.tries += 1), input, autoSave },
      );
      if (!this.stopped) this.saved(kind, previous, result, sentRevision, images);
    } catch (failure) {
      if (this.stopped) return;
      const newer = previous ? versionConflictOf(failure) : null;
      if (previous && newer) return await this.onNewerVersion(kind, previous, newer);
      const message = failure instanceof Error ? failure.message : String(failure);
      this.ports.mirror.flush();
      if (kind !== 'auto') this.update({ notice: { severity: 'error', message } });
      else if (!SILENCED_AUTO_SAVE_FAILURES.includes(message)) console.error('Auto-save failed:', message);
    } finally {
      if (kind !== 'auto') {
        this.manualSaveRunning = false;
        this.update({ manualSaving: false });
      }
    }
  }

  private saved(
    kind: SaveKind,
    previous: Memory | null,
    result: MemorySaveResult,
    sentRevision: number,
    inUse: readonly string[],
  ): void {
    const { memory } = result;
    const kept = result.status === 'kept';
    this.savedRevision = sentRevision;
    // A memory created offline took its server id while this save went: nothing is mirrored under the local id.
    if (previous?.id !== memory.id) this.ports.mirror.remove(previous?.id ?? null);
    if (this.hasUnsavedChanges()) {
      // Edited while saving: the mirror moves to the memory's own key (read when it writes) and keeps the newer text.
      this.ports.mirror.schedule();
    } else {
      this.ports.mirror.cancel();
      this.ports.mirror.remove(memory.id);
    }
    let notice = this.state.notice;
    if (kept && kind !== 'auto') notice = { severity: 'success', message: SAVED_ON_DEVICE_MESSAGE, published: null };
    if (!kept && kind === 'draft') notice = { severity: 'success', message: SAVED_AS_DRAFT_MESSAGE, published: null };
    if (!kept && kind === 'publish') notice = { severity: 'success', message: PUBLISHED_MESSAGE, published: memory };
    this.update({ memory, isDraft: memory.isDraft, lastSavedAt: new Date(), keptOnDevice: kept, notice });
    this.ports.onSaved(memory);
    if (!kept) this.ports.removedImages.cleanUp(inUse);
  }

  /**
   * The save was refused: the memory has a newer version. When that version changed nothing this editor edits (it
   * was published or shared elsewhere), the save goes again on top of it; otherwise the user chooses, and auto-save
   * waits until then.
   */
  private async onNewerVersion(kind: SaveKind, base: Memory, newer: Memory): Promise<void> {
    if (!changedElsewhere(base, newer)) {
      this.update({ memory: newer });
      return this.run(kind);
    }
    this.ports.mirror.flush();
    const editor = this.ports.editor();
    if (!editor) return;
    this.update({ conflict: { kind, mine: formVersion(this.state.fields, editor.getJSON()), theirs: newer } });
  }

  private resolveConflict(): SaveConflict | null {
    const { conflict } = this.state;
    this.update({ conflict: null });
    return conflict;
  }
}
