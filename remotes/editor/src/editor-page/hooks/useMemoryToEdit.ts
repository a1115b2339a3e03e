import type { Memory } from '@memories/contracts';
import { memoriesApi } from '@memories/web-api-client';
import {
  currentIdOf,
  memoryOfPendingSave,
  outboxAvailable,
  pendingSaveOf,
  type PendingSave,
} from '@memories/web-offline';
import { useEffect, useState } from 'react';
import { useIsRehearsal } from '../rehearsal/rehearsal-context';

export interface MemoryToEdit {
  memory: Memory | null;
  error: string | null;
  /** The memory's save waiting in the device's outbox: then `memory` is the memory as this device has it. */
  pendingSave: PendingSave | null;
  /** A memory created offline and since sent: the id it now has. */
  movedTo: string | null;
}

type DeviceCopy = { id: string; pendingSave: PendingSave | null; movedTo: string | null };

/**
 * The memory behind /memory/edit/:id (spec section 4): what this device still has to send of it, otherwise the one
 * handed over in navigation state when its id matches, otherwise fetched by id. Nothing for /memory/create (no id).
 */
export function useMemoryToEdit(id: string | undefined, handedOver: Memory | undefined, userId: string): MemoryToEdit {
  const fromState = id !== undefined && handedOver?.id === id ? handedOver : null;
  const [fetched, setFetched] = useState<{ id: string; memory: Memory | null; error: string | null } | null>(null);
  const [onDevice, setOnDevice] = useState<DeviceCopy | null>(null);
  // A rehearsal's memory exists nowhere, so the device has nothing of it; its form renders at once, within the
  // rehearsal's own render (which React slices), not in a later update of its own (which it would not).
  const readsOutbox = !useIsRehearsal() && outboxAvailable();

  // Only a new id calls for a fetch; a memory handed over later (the page's own saves) needs none.
  const fetchId = fromState === null ? id : undefined;

  useEffect(() => {
    if (id === undefined || !readsOutbox) return undefined;
    let current = true;
    Promise.all([pendingSaveOf(userId, id), currentIdOf(userId, id)]).then(
      ([pendingSave, currentId]) =>
        current && setOnDevice({ id, pendingSave, movedTo: currentId === id ? null : currentId }),
      // No outbox to read (storage refused): the server's copy.
      () => current && setOnDevice({ id, pendingSave: null, movedTo: null }),
    );
    return () => {
      current = false;
      // Read again on the next visit: the page stays mounted from /memory/edit/:id to /memory/create and back.
      setOnDevice(null);
    };
  }, [id, userId, readsOutbox]);

  useEffect(() => {
    if (fetchId === undefined) return undefined;
    const memoryId = fetchId;
    const controller = new AbortController();
    memoriesApi.get(memoryId, { signal: controller.signal }).then(
      (memory) => setFetched({ id: memoryId, memory, error: null }),
      (failure: unknown) => {
        if (!controller.signal.aborted)
          setFetched({
            id: memoryId,
            memory: null,
            error: failure instanceof Error ? failure.message : String(failure),
          });
      },
    );
    return () => controller.abort();
  }, [fetchId]);

  const none = { memory: null, error: null, pendingSave: null, movedTo: null };
  if (id === undefined) return none;
  // Until the device's outbox is read: what waits there is newer than any other copy.
  if (readsOutbox && onDevice?.id !== id) return none;
  if (onDevice?.movedTo) return { ...none, movedTo: onDevice.movedTo };
  if (onDevice?.pendingSave)
    return { ...none, memory: memoryOfPendingSave(onDevice.pendingSave, userId), pendingSave: onDevice.pendingSave };
  if (fromState) return { ...none, memory: fromState };
  if (fetched && fetched.id === id) return { ...none, memory: fetched.memory, error: fetched.error };
  return none;
}
