import type { Memory, MemoryVersion } from '@memories/contracts';
import { useOpenedSealed, type OpenedMemory } from '@memories/web-journals';
import { useMemo } from 'react';

/** A version as this tab can show it; anything but `open` is said by `LockedMemoryNotice`. */
export type OpenedVersion = { status: 'open'; version: MemoryVersion } | Exclude<OpenedMemory, { status: 'open' }>;

/** A version with what opening it needs: its memory's journal, and the memory as this tab opened it. */
type VersionOf = MemoryVersion & { journalId: string; memory: Memory };

/**
 * Imported only when a locked memory's history is read: the browser's renderer comes in a chunk of its own, which a
 * plain memory's history never loads.
 */
async function openVersionOf(sealable: VersionOf, key: CryptoKey): Promise<VersionOf> {
  const { openVersion } = await import('./sealed-versions');
  return {
    ...(await openVersion(sealable, sealable.memory, key)),
    journalId: sealable.journalId,
    memory: sealable.memory,
  };
}

/**
 * The loaded version ready to compare with `memory` (the memory as this tab opened it), through the one way anything
 * sealed is shown (`useOpenedSealed`): a plain version as it came, a locked memory's (always sealed: a saved memory
 * never moves into or out of a locked journal) opened once its journal is unlocked, and shut again the moment it
 * locks. Null while the version is loading.
 */
export function useOpenedVersion(version: MemoryVersion | null, memory: Memory): OpenedVersion | null {
  const sealable = useMemo(
    () => (version ? { ...version, journalId: memory.journalId, memory } : null),
    [version, memory],
  );
  const opened = useOpenedSealed(sealable, openVersionOf);
  const openValue = opened?.status === 'open' ? opened.value : null;
  // The same object while the opened version is the same: what receives it may depend on it.
  const shown = useMemo(() => {
    if (!openValue) return null;
    const { journalId: _journal, memory: _memory, ...version } = openValue;
    return { status: 'open' as const, version };
  }, [openValue]);
  return opened?.status === 'open' ? shown : opened;
}
