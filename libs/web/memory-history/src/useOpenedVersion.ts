import type { Memory, MemoryVersion } from '@memories/contracts';
import { useJournalKey, type OpenedMemory } from '@memories/web-journals';
import { useEffect, useState } from 'react';

/** A version as this tab can show it; anything but `open` is said by `LockedMemoryNotice`. */
export type OpenedVersion = { status: 'open'; version: MemoryVersion } | Exclude<OpenedMemory, { status: 'open' }>;

type Opened = { source: MemoryVersion; memory: Memory; key: CryptoKey | undefined; result: OpenedVersion };

/**
 * The loaded version ready to compare with `memory` (the memory as this tab opened it): a plain version of a plain
 * memory as it came, anything of a locked memory opened here once its journal is unlocked, and shut again the moment
 * the journal locks (the opened copy is not returned without the key). Null while the version is loading.
 */
export function useOpenedVersion(version: MemoryVersion | null, memory: Memory): OpenedVersion | null {
  const sealedVersion = version?.sealed !== undefined;
  const key = useJournalKey(sealedVersion ? memory.journalId : undefined);
  const opensHere = sealedVersion || memory.sealed !== undefined;
  const [opened, setOpened] = useState<Opened | null>(null);

  useEffect(() => {
    if (!version || !opensHere || (sealedVersion && !key)) return undefined;
    let current = true;
    const settle = (result: OpenedVersion) => current && setOpened({ source: version, memory, key, result });
    import('./sealed-versions')
      .then(({ openVersion }) => openVersion(version, memory, key))
      .then(
        (open) => settle({ status: 'open', version: open }),
        (failure: unknown) =>
          settle({ status: 'broken', message: failure instanceof Error ? failure.message : String(failure) }),
      );
    return () => {
      current = false;
    };
  }, [version, memory, key, opensHere, sealedVersion]);

  if (!version) return null;
  if (!opensHere) return { status: 'open', version };
  if (sealedVersion && !key) return { status: 'locked', journalId: memory.journalId };
  if (opened?.source === version && opened.memory === memory && opened.key === key) return opened.result;
  return { status: 'opening' };
}
