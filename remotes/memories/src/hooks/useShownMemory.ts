import type { Memory } from '@memories/contracts';
import { useOpenedMemory } from '@memories/web-journals';

/**
 * The memory as this tab can show it: a memory of a locked journal opened while the journal is unlocked here, else as
 * the server sent it, its title, content and tags empty (the ciphertext is never shown). Navigation state and saves
 * take the memory as sent: an opened copy stays in this tab's memory only.
 */
export function useShownMemory<T extends Memory>(memory: T): T {
  const opened = useOpenedMemory(memory);
  // Opening keeps every field it does not open, a search hit's snippet too.
  return opened?.status === 'open' ? (opened.memory as T) : memory;
}
