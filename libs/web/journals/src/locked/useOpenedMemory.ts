import type { Memory } from '@memories/contracts';
import { useEffect, useState } from 'react';
import { openMemory } from './sealed-memories';
import { useJournalKey } from './useJournalKey';

/** A memory as this tab can show it. */
export type OpenedMemory =
  /** A plain memory, or a locked one opened with its journal's key. */
  | { status: 'open'; memory: Memory }
  /** A locked memory whose journal is locked in this tab. */
  | { status: 'locked'; journalId: string }
  | { status: 'opening' }
  /** Its ciphertext does not open with the journal's key. */
  | { status: 'broken'; message: string };

type Opened = { source: Memory; key: CryptoKey; result: OpenedMemory };

/**
 * The memory to show: a plain one as it is, a locked one opened once its journal is unlocked in this tab (and shut
 * again the moment the journal locks: the opened copy is dropped with the key). Null while there is no memory.
 */
export function useOpenedMemory(memory: Memory | null | undefined): OpenedMemory | null {
  const key = useJournalKey(memory?.sealed ? memory.journalId : undefined);
  const [opened, setOpened] = useState<Opened | null>(null);

  useEffect(() => {
    if (!memory?.sealed || !key) return undefined;
    let current = true;
    openMemory(memory, key).then(
      (open) => current && setOpened({ source: memory, key, result: { status: 'open', memory: open } }),
      (failure: unknown) =>
        current &&
        setOpened({
          source: memory,
          key,
          result: { status: 'broken', message: failure instanceof Error ? failure.message : String(failure) },
        }),
    );
    return () => {
      current = false;
    };
  }, [memory, key]);

  if (!memory) return null;
  if (!memory.sealed) return { status: 'open', memory };
  if (!key) return { status: 'locked', journalId: memory.journalId };
  if (opened?.source === memory && opened.key === key) return opened.result;
  return { status: 'opening' };
}
