import type { Memory, MemoryInput } from '@memories/contracts';

import { announce } from './outbox-events';
import { deleteOutbox, existingOutbox, openOutbox, outboxAvailable, type SentCreate } from './outbox-database';
import { isLocalMemoryId, memoryOfPendingSave, type PendingSave } from './pending-save';

type UpdateToKeep = { kind: 'update'; memoryId: string; input: MemoryInput; base: Memory | null; autoSave: boolean };

/** A save to keep: a new memory's create, or an update based on a version. */
export type SaveToKeep =
  | {
      kind: 'create';
      localId: string;
      idempotencyKey: string;
      input: MemoryInput;
      createAttempts: number;
      autoSave: boolean;
    }
  | UpdateToKeep;

const withoutVersion = ({ version: _version, ...input }: MemoryInput): MemoryInput => input;

/** The create of a memory created offline, once it was sent (nothing for a server id or a create not sent yet). */
export async function sentCreateOf(userId: string, memoryId: string): Promise<SentCreate | null> {
  const database = outboxAvailable() && isLocalMemoryId(memoryId) ? await existingOutbox(userId) : null;
  return (await database?.get('sentCreates', memoryId)) ?? null;
}

/** The id a memory now has: a local id whose create was sent stands for the server's id. */
export async function currentIdOf(userId: string, memoryId: string): Promise<string> {
  return (await sentCreateOf(userId, memoryId))?.serverId ?? memoryId;
}

/**
 * An update addressed by a local id after the memory's create was sent: it goes under the server's id, on top of
 * what the create made (the text it is based on is the one the create sent, never a version changed elsewhere).
 */
export function onSentCreate<T extends UpdateToKeep>(update: T, sent: SentCreate | null): T {
  if (!sent) return update;
  const { created } = sent;
  return created
    ? { ...update, memoryId: sent.serverId, input: { ...update.input, version: created.version }, base: created }
    : { ...update, memoryId: sent.serverId };
}

/**
 * The memory as this device now knows it: one created offline whose create was sent is the memory the create made,
 * under the server's id, with what still waits of it on top.
 */
export async function followMemory(userId: string, memory: Memory): Promise<Memory> {
  const sent = await sentCreateOf(userId, memory.id);
  if (!sent) return memory;
  const waiting = await pendingSaveOf(userId, sent.serverId);
  if (waiting) return memoryOfPendingSave(waiting, userId);
  return sent.created ?? { ...memory, id: sent.serverId };
}

/**
 * Keeps a save in the user's outbox. A memory with a save already waiting gets one save: the latest content on the
 * first save's base version (and a create stays a create, with its idempotency key). A later save based on a newer
 * version (the user chose after a conflict) moves the base on.
 */
export async function keepSave(userId: string, toKeep: SaveToKeep): Promise<PendingSave> {
  const database = await openOutbox(userId);
  const transaction = database.transaction(['saves', 'sentCreates'], 'readwrite');
  const saves = transaction.objectStore('saves');
  const addressedAs = toKeep.kind === 'create' ? toKeep.localId : toKeep.memoryId;
  // Its create was sent while this save was on its way here (a drain, in this tab or another).
  const sent = isLocalMemoryId(addressedAs)
    ? ((await transaction.objectStore('sentCreates').get(addressedAs)) ?? null)
    : null;
  const save = toKeep.kind === 'update' ? onSentCreate(toKeep, sent) : toKeep;
  const memoryId = sent?.serverId ?? addressedAs;
  const existing = await saves.get(memoryId);
  const savedAt = new Date().toISOString();
  const input = withoutVersion(save.input);
  let kept: PendingSave;
  if (existing) {
    const newerBase =
      save.kind === 'update' && save.input.version !== undefined && save.input.version > (existing.baseVersion ?? 0);
    kept = {
      ...existing,
      input,
      autoSave: save.autoSave,
      ...(newerBase ? { baseVersion: save.input.version, base: save.base } : {}),
      // The user saved again: a refused save is tried once more (a conflict only once the user chose).
      state: existing.state === 'conflict' && !newerBase ? 'conflict' : 'pending',
      ...(existing.state === 'conflict' && !newerBase ? {} : { theirs: undefined }),
      failure: undefined,
      revision: existing.revision + 1,
      savedAt,
    };
  } else {
    const last = await saves.index('bySeq').openCursor(null, 'prev');
    const seq = (last?.value.seq ?? 0) + 1;
    kept =
      save.kind === 'create' && memoryId === save.localId
        ? {
            memoryId,
            seq,
            kind: 'create',
            idempotencyKey: save.idempotencyKey,
            createAttempts: save.createAttempts,
            input,
            base: null,
            autoSave: save.autoSave,
            state: 'pending',
            revision: 1,
            savedAt,
          }
        : {
            memoryId,
            seq,
            kind: 'update',
            createAttempts: 0,
            input,
            baseVersion: save.input.version,
            base: save.kind === 'update' ? save.base : null,
            autoSave: save.autoSave,
            state: 'pending',
            revision: 1,
            savedAt,
          };
  }
  await saves.put(kept);
  await transaction.done;
  announce({ type: 'changed', userId });
  return kept;
}

/** The user's unsent saves, in the order they are sent. */
export async function pendingSavesOf(userId: string): Promise<PendingSave[]> {
  const database = outboxAvailable() ? await existingOutbox(userId) : null;
  return database ? database.getAllFromIndex('saves', 'bySeq') : [];
}

/** The unsent save of one memory (by its server or local id), if there is one. */
export async function pendingSaveOf(userId: string, memoryId: string): Promise<PendingSave | null> {
  const database = outboxAvailable() ? await existingOutbox(userId) : null;
  return (await database?.get('saves', await currentIdOf(userId, memoryId))) ?? null;
}

/** Drops a memory's unsent save: the user kept the server's version instead. */
export async function discardPendingSave(userId: string, memoryId: string): Promise<void> {
  const database = outboxAvailable() ? await existingOutbox(userId) : null;
  if (!database) return;
  await database.delete('saves', await currentIdOf(userId, memoryId));
  announce({ type: 'changed', userId });
}

/** Deletes everything the outbox holds for the user (sign-out): their unsent saves and the local ids it handed out. */
export async function clearOutboxOf(userId: string): Promise<void> {
  if (!outboxAvailable()) return;
  await deleteOutbox(userId);
  announce({ type: 'changed', userId });
}
