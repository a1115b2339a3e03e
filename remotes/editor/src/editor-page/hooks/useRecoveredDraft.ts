import type { Memory } from '@memories/contracts';
import { useState, type RefObject } from 'react';

import type { RichTextEditorHandle } from '../../rich-text';
import type { MemorySaveSession } from '../saving/memory-save-session';
import { differsFrom, draftMirror, draftMirrorKey, type MirroredDraft } from '../utils/draft-mirror.util';
import type { EditorDocument } from '../utils/editor-document';
import { formFieldsOf } from '../utils/memory-input.util';

/**
 * Edits mirrored on this device and never saved (a crash, a closed tab, an expired session), offered back when the
 * memory opens: `recovered` is null when there are none, or when they hold nothing the memory does not.
 */
export function useRecoveredDraft(
  userId: string,
  memory: Memory | null,
  initialContent: EditorDocument | null,
  session: MemorySaveSession,
  editor: RefObject<RichTextEditorHandle | null>,
) {
  const [recovered, setRecovered] = useState<MirroredDraft | null>(() => {
    const key = draftMirrorKey(userId, memory?.id ?? null);
    const draft = draftMirror.read(key);
    if (draft && !differsFrom(draft, formFieldsOf(memory), initialContent)) {
      draftMirror.remove(key);
      return null;
    }
    return draft;
  });

  const restore = () => {
    if (!recovered) return;
    const { content, savedAt: _savedAt, ...fields } = recovered;
    setRecovered(null);
    editor.current?.setContent(content);
    session.change(fields);
  };

  const discard = () => {
    draftMirror.remove(draftMirrorKey(userId, session.getState().memory?.id ?? null));
    setRecovered(null);
  };

  return { recovered, restore, discard };
}
