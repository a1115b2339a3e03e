import type { Memory, MemoryInput } from '@memories/contracts';

import { withOutboxLock } from './outbox-lock';
import { currentIdOf, keepSave, onSentCreate, pendingSaveOf, sentCreateOf } from './outbox';
import { outboxAvailable } from './outbox-database';
import { isLocalMemoryId, localMemoryIdOf, memoryOfPendingSave, type PendingSave } from './pending-save';
import { createOnce, isUnreachable, sendPendingSave, type SaveApi } from './send-pending-save';

/** A save as the editor asks for it. */
export type MemorySaveRequest =
  | {
      kind: 'create';
      /** Generated once for the new memory and kept for every attempt. */
      idempotencyKey: string;
      /** Attempts so far, this one included. */
      createAttempts: number;
      input: MemoryInput;
      autoSave: boolean;
    }
  | {
      kind: 'update';
      memoryId: string;
      /** With the `version` the edits are based on. */
      input: MemoryInput;
      /** The memory as that version had it. */
      base: Memory;
      autoSave: boolean;
    };

export type MemorySaveResult =
  | { status: 'sent'; memory: Memory; message?: string }
  /** The server could not be reached: the save waits in the outbox; `memory` is the memory as this device has it. */
  | { status: 'kept'; memory: Memory };

const kept = (save: PendingSave, userId: string): MemorySaveResult => ({
  status: 'kept',
  memory: memoryOfPendingSave(save, userId),
});

/**
 * The editor's save. Sent at once when nothing of the memory waits; if the server cannot be reached, kept in the
 * outbox instead of failing. A memory with a save already waiting (or created offline and not sent yet) adds to that
 * save, which is then sent, so its saves reach the server in order. A 409 or another refusal rejects as the api call
 * would (`ApiError`); the save then stays in the outbox only if it was already there.
 */
export async function saveMemory(api: SaveApi, userId: string, request: MemorySaveRequest): Promise<MemorySaveResult> {
  if (!outboxAvailable()) return sendDirectly(api, request);
  // A memory created offline whose create was sent (the editor may not have heard yet) is saved under its server id.
  const byId =
    request.kind === 'update' ? onSentCreate(request, await sentCreateOf(userId, request.memoryId)) : request;
  const memoryId = byId.kind === 'create' ? localMemoryIdOf(byId.idempotencyKey) : byId.memoryId;
  const waiting = await pendingSaveOf(userId, memoryId);
  if (!waiting && (byId.kind === 'create' || !isLocalMemoryId(memoryId))) {
    try {
      return await sendDirectly(api, byId);
    } catch (failure) {
      if (!isUnreachable(failure)) throw failure;
      return kept(await keepSave(userId, toKeep(byId)), userId);
    }
  }
  const keptSave = await keepSave(userId, toKeep(byId));
  // A drain (the connection came back, in this tab or another) may have sent the save while it was being kept: then
  // what is left of it waits under the memory's server id, or nothing is left and the server has it all.
  const { outcome, sentAs } = await withOutboxLock(userId, async () => {
    const id = await currentIdOf(userId, keptSave.memoryId);
    return { outcome: await sendPendingSave(api, userId, id), sentAs: id };
  });
  switch (outcome.status) {
    case 'sent':
      return { status: 'sent', memory: outcome.memory, message: outcome.message };
    case 'conflict':
    case 'refused':
      throw outcome.failure;
    case 'nothing-to-send':
      return sentByDrain(api, userId, keptSave, sentAs);
    default:
      return kept((await pendingSaveOf(userId, sentAs)) ?? keptSave, userId);
  }
}

/**
 * The save was sent whole by a drain: the memory as the server now has it (or, offline again, as this device has it).
 */
async function sentByDrain(
  api: SaveApi,
  userId: string,
  keptSave: PendingSave,
  memoryId: string,
): Promise<MemorySaveResult> {
  try {
    return { status: 'sent', memory: await api.get(memoryId) };
  } catch (failure) {
    if (!isUnreachable(failure)) throw failure;
    return { status: 'kept', memory: { ...memoryOfPendingSave(keptSave, userId), id: memoryId } };
  }
}

function toKeep(request: MemorySaveRequest) {
  return request.kind === 'create'
    ? { ...request, localId: localMemoryIdOf(request.idempotencyKey) }
    : {
        kind: 'update' as const,
        memoryId: request.memoryId,
        input: request.input,
        base: request.base,
        autoSave: request.autoSave,
      };
}

async function sendDirectly(api: SaveApi, request: MemorySaveRequest): Promise<MemorySaveResult> {
  const answer =
    request.kind === 'create'
      ? await createOnce(api, request)
      : await api.update(request.memoryId, request.input, { autoSave: request.autoSave });
  return { status: 'sent', memory: answer.memory, message: answer.message };
}
