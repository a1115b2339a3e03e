import type { Memory } from '@memories/contracts';
import { memoriesApi } from '@memories/web-api-client';
import { discardPendingSave, followMemory, onOutboxEvent, saveMemory, type PendingSave } from '@memories/web-offline';
import { useEffect, useRef, useState, useSyncExternalStore, type RefObject } from 'react';

import type { RichTextEditorHandle } from '../../rich-text';
import { MemorySaveSession } from '../saving/memory-save-session';
import { mayMirrorInPlainText, sealedForItsJournal } from '../saving/sealed-save';
import type { MemorySaveState } from '../saving/memory-save-session.types';
import { draftMirror, draftMirrorKey, type DraftToMirror } from '../utils/draft-mirror.util';
import type { EditorDocument } from '../utils/editor-document';
import { removedImages } from '../utils/removed-images.util';
import { useAutoSaveSetting } from './useAutoSaveSetting';
import { useDraftMirror } from './useDraftMirror';

export interface UseMemorySaveOptions {
  /** The memory to edit, or null for a new one. Read once: the session then owns it. */
  memory: Memory | null;
  pendingSave: PendingSave | null;
  userId: string;
  initialContent: EditorDocument | null;
  editor: RefObject<RichTextEditorHandle | null>;
  onSaved: (memory: Memory) => void;
}

function cleanUpImages(inUse: readonly string[]): void {
  const unused = removedImages.pending(inUse);
  if (unused.length === 0) return;
  memoriesApi.cleanupImages(unused).then(
    () => removedImages.forget(unused),
    (error: unknown) => console.error('Image clean-up failed', error),
  );
}

/**
 * The editor's save session (`MemorySaveSession`) for one form: created once, wired to the rich-text editor, the
 * device's outbox, the draft mirror and the auto-save setting, and rendered from its state.
 */
export function useMemorySave({ memory, pendingSave, userId, initialContent, editor, onSaved }: UseMemorySaveOptions) {
  const [autoSave, setAutoSave] = useAutoSaveSetting();
  // The page's latest callback and this form's mirror, for the session created once below.
  const latest = useRef({ onSaved, mirror: null as ReturnType<typeof useDraftMirror> | null });
  const [session] = useState(
    () =>
      new MemorySaveSession(
        { userId, memory, pendingSave, initialContent, autoSave },
        {
          editor: () => editor.current,
          send: async (request) => saveMemory(memoriesApi, userId, await sealedForItsJournal(request)),
          discardKept: (memoryId) => discardPendingSave(userId, memoryId),
          follow: (known) => followMemory(userId, known),
          mirror: {
            schedule: () => latest.current.mirror?.schedule(),
            flush: () => latest.current.mirror?.flush(),
            cancel: () => latest.current.mirror?.cancel(),
            remove: (memoryId) => draftMirror.remove(draftMirrorKey(userId, memoryId)),
          },
          removedImages: { track: removedImages.track, cleanUp: cleanUpImages },
          onSaved: (saved) => latest.current.onSaved(saved),
        },
      ),
  );
  const mirror = useDraftMirror(
    () => draftMirrorKey(userId, session.getState().memory?.id ?? null),
    (): DraftToMirror | null => {
      const handle = editor.current;
      const { fields, memory: saved } = session.getState();
      if (!handle || !mayMirrorInPlainText(fields.journalId || saved?.journalId, saved)) return null;
      return { ...fields, content: handle.getJSONParts(), savedAt: Date.now() };
    },
    (hasTime) => editor.current?.prepareJSONParts(hasTime) ?? true,
  );
  latest.current = { onSaved, mirror };
  const state: MemorySaveState = useSyncExternalStore(session.subscribe, session.getState);

  useEffect(() => session.setAutoSave(autoSave), [session, autoSave]);
  // Subscribed first, then the id is followed: a create sent in between is seen by one or the other.
  useEffect(() => {
    const unsubscribe = onOutboxEvent((event) => session.receive(event));
    session.start().catch((failure: unknown) => console.error('Reading the outbox for the memory failed', failure));
    return () => {
      unsubscribe();
      session.stop();
    };
  }, [session]);

  return { session, state, autoSave, setAutoSave };
}
