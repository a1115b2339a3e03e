import { forgetSharedItem } from '@memories/web-offline';
import { useEffect, useRef, useState, type RefObject } from 'react';
import type { RichTextEditorHandle } from '../../rich-text';
import type { MemorySaveSession } from '../saving/memory-save-session';
import type { NewMemoryStarter } from './new-memory-starter';

export const sharedPhotosWaitingMessage = (count: number) =>
  `${count === 1 ? 'The shared photo is' : `The ${count} shared photos are`} kept on this device and will be added ` +
  'when you are back online.';

/**
 * Puts what another app shared into the new memory: its title, then its photos through the one upload path (at once
 * when online, else as soon as the connection returns), and saves it as a draft (kept in the outbox while offline).
 * The shared item is forgotten on this device only once the memory holds everything in it. Answers how many shared
 * photos are still waiting for the connection.
 */
export function useSharedItemPlacement(
  starter: NewMemoryStarter,
  session: MemorySaveSession,
  editor: RefObject<RichTextEditorHandle | null>,
): number {
  const [waiting, setWaiting] = useState(starter.shared?.files.length ?? 0);
  const placed = useRef(false);

  useEffect(() => {
    const { shared } = starter;
    if (!shared || placed.current) return;
    placed.current = true;
    session.change({ title: starter.title });
    const saveDraft = () => {
      if (editor.current?.getText().trim() || shared.files.length > 0) session.save('draft');
    };
    if (shared.files.length === 0) {
      saveDraft();
      void forgetSharedItem(shared.id);
      return;
    }
    if (!navigator.onLine) saveDraft();
    const place = async () => {
      if (!navigator.onLine || !editor.current) return;
      window.removeEventListener('online', onOnline);
      await editor.current.uploadImages(shared.files);
      setWaiting(0);
      saveDraft();
      await forgetSharedItem(shared.id);
    };
    const onOnline = () => void place();
    window.addEventListener('online', onOnline);
    void place();
    return () => window.removeEventListener('online', onOnline);
  }, [starter, session, editor]);

  return waiting;
}
