import { forgetSharedItem, keepSharedItem } from '@memories/web-offline';
import { useEffect, useRef, useState, type RefObject } from 'react';
import type { RichTextEditorHandle } from '../../rich-text';
import type { MemorySaveSession } from '../saving/memory-save-session';
import type { NewMemoryStarter } from './new-memory-starter';

export const sharedPhotosWaitingMessage = (count: number) =>
  `${count === 1 ? 'The shared photo is' : `The ${count} shared photos are`} kept on this device and will be added ` +
  'when you are back online.';

/** Saves the new memory as a draft once it holds something (a memory needs content). */
function saveDraft(session: MemorySaveSession, editor: RichTextEditorHandle | null): void {
  if (editor?.getText().trim() || editor?.getJSON().content?.some(({ type }) => type === 'image'))
    session.save('draft');
}

/**
 * Puts what another app shared into the new memory: its title, then its photos through the one upload path (at once
 * when online, else as soon as the connection returns), and saves it as a draft (kept in the outbox while offline).
 * The shared item stays on this device until the memory holds everything in it: photos that could not be uploaded
 * are kept and tried again when the connection returns. Answers how many shared photos are still waiting.
 */
export function useSharedItemPlacement(
  starter: NewMemoryStarter,
  session: MemorySaveSession,
  editor: RefObject<RichTextEditorHandle | null>,
): number {
  // Read once, like the rest of the starter: the page stops passing it once the draft's first save moves the URL, and
  // photos waiting for the connection must still be placed after that.
  const [{ shared, title }] = useState(starter);
  const waiting = useRef<File[]>(shared?.files ?? []);
  const [waitingCount, setWaitingCount] = useState(waiting.current.length);
  const started = useRef(false);
  const uploading = useRef(false);

  // The title and the text are in at once (the text came with the document): saved now, also offline.
  useEffect(() => {
    if (!shared || started.current) return;
    started.current = true;
    session.change({ title });
    if (shared.files.length === 0 || !navigator.onLine) saveDraft(session, editor.current);
    if (shared.files.length === 0) void forgetSharedItem(shared.id);
  }, [shared, title, session, editor]);

  // The photos: now if online, else (and after a failed upload) when the connection returns.
  useEffect(() => {
    if (!shared) return;
    const place = async () => {
      if (waiting.current.length === 0 || uploading.current || !navigator.onLine || !editor.current) return;
      uploading.current = true;
      try {
        const failed = await editor.current.uploadImages(waiting.current);
        if (failed.length === 0) await forgetSharedItem(shared.id);
        else await keepSharedItem({ ...shared, files: failed });
        waiting.current = failed;
        setWaitingCount(failed.length);
        saveDraft(session, editor.current);
      } finally {
        uploading.current = false;
      }
    };
    const onOnline = () => void place();
    window.addEventListener('online', onOnline);
    void place();
    return () => window.removeEventListener('online', onOnline);
  }, [shared, session, editor]);

  return waitingCount;
}
