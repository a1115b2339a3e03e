import type { Memory, SealedMemory } from '@memories/contracts';
import { useEffect, useState } from 'react';
import { openMemory } from './sealed-memories';
import { useJournalKey } from './useJournalKey';

/** Anything that may be sealed in a journal: a memory, its summary, one of its versions. */
export interface Sealable {
  journalId: string;
  sealed?: SealedMemory;
}

/** Something sealed as this tab can show it. */
export type OpenedSealed<T> =
  /** A plain one as it came, or a sealed one opened with its journal's key. */
  | { status: 'open'; value: T }
  /** Its journal is locked in this tab. */
  | { status: 'locked'; journalId: string }
  | { status: 'opening' }
  /** Its ciphertext does not open with the journal's key. */
  | { status: 'broken'; message: string };

type Opened<T> = { source: T; key: CryptoKey; result: OpenedSealed<T> };

/**
 * The one way a part shows something sealed: a plain one as it is, a sealed one opened with `open` once its journal is
 * unlocked in this tab, and shut again the moment the journal locks (the opened copy is dropped with the key). Null
 * while there is nothing. `open` is read when `thing` or the key changes: pass a function defined once, not inline.
 */
export function useOpenedSealed<T extends Sealable>(
  thing: T | null | undefined,
  open: (thing: T, key: CryptoKey) => Promise<T>,
): OpenedSealed<T> | null {
  const key = useJournalKey(thing?.sealed ? thing.journalId : undefined);
  const [opened, setOpened] = useState<Opened<T> | null>(null);

  useEffect(() => {
    if (!thing?.sealed || !key) return undefined;
    let current = true;
    const settle = (result: OpenedSealed<T>) => current && setOpened({ source: thing, key, result });
    open(thing, key).then(
      (value) => settle({ status: 'open', value }),
      (failure: unknown) =>
        settle({ status: 'broken', message: failure instanceof Error ? failure.message : String(failure) }),
    );
    return () => {
      current = false;
    };
  }, [thing, key]);

  if (!thing) return null;
  if (!thing.sealed) return { status: 'open', value: thing };
  if (!key) return { status: 'locked', journalId: thing.journalId };
  if (opened?.source === thing && opened.key === key) return opened.result;
  return { status: 'opening' };
}

/** A memory as this tab can show it. */
export type OpenedMemory = { status: 'open'; memory: Memory } | Exclude<OpenedSealed<Memory>, { status: 'open' }>;

/** The memory to show (`useOpenedSealed` for a memory). Null while there is no memory. */
export function useOpenedMemory(memory: Memory | null | undefined): OpenedMemory | null {
  const opened = useOpenedSealed(memory, openMemory);
  return opened?.status === 'open' ? { status: 'open', memory: opened.value } : opened;
}
