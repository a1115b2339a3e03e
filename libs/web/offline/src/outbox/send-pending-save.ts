import type { Memory } from '@memories/contracts';
import { ApiError, versionConflictOf, type MemoriesApi } from '@memories/web-api-client';

import { announce } from './outbox-events';
import { existingOutbox, openOutbox } from './outbox-database';
import { changedElsewhere, holdsSave, type PendingSave } from './pending-save';

/** The memory calls a save needs (the app-wide `memoriesApi`, or a test's): `get` reads what a drain sent meanwhile. */
export type SaveApi = Pick<MemoriesApi, 'create' | 'update' | 'get'>;

export type SendOutcome =
  | { status: 'sent'; memory: Memory; message?: string }
  /** The server could not be reached: the save waits. */
  | { status: 'unreachable'; failure: unknown }
  /** The memory changed elsewhere: the save waits for the user's choice. */
  | { status: 'conflict'; theirs: Memory; failure: unknown }
  /** Refused for another reason (or the session ended): the save waits, with the server's message. */
  | { status: 'refused'; failure: unknown }
  | { status: 'nothing-to-send' };

/** No answer, or a proxy saying the server behind it is down or slow: worth trying again later. */
export const isUnreachable = (failure: unknown): boolean => failure instanceof ApiError && failure.isUnreachable;

/**
 * A create sent again answers what the first attempt stored, which may be older text: then the latest goes on top
 * (an attempt that never reached the server, e.g. made offline, leaves nothing older and needs no second call).
 */
export async function createOnce(api: SaveApi, save: Pick<PendingSave, 'input' | 'idempotencyKey' | 'createAttempts'>) {
  const created = await api.create(save.input, { idempotencyKey: save.idempotencyKey });
  return save.createAttempts > 1 && !holdsSave(created.memory, save.input)
    ? api.update(created.memory.id, { ...save.input, version: created.memory.version })
    : created;
}

// A version moved on by a publish or share elsewhere is saved on top of; this many times at most in one go.
const MAX_SILENT_REBASES = 3;

/**
 * Sends one memory's pending save and records the outcome (the caller holds the outbox lock). A save that changed
 * while it was on its way stays, as an update on top of what was sent.
 */
export async function sendPendingSave(api: SaveApi, userId: string, memoryId: string): Promise<SendOutcome> {
  const database = await existingOutbox(userId);
  let save = await database?.get('saves', memoryId);
  if (!database || !save) return { status: 'nothing-to-send' };
  for (let rebases = 0; ; rebases += 1) {
    try {
      let answer;
      if (save.kind === 'create') {
        // Counted before it goes: an answer lost on the way still counts as an attempt.
        save = { ...save, createAttempts: save.createAttempts + 1 };
        await database.put('saves', save);
        answer = await createOnce(api, save);
      } else {
        answer = await api.update(
          save.memoryId,
          { ...save.input, version: save.baseVersion },
          { autoSave: save.autoSave },
        );
      }
      await settle(userId, save, answer.memory);
      return { status: 'sent', memory: answer.memory, message: answer.message };
    } catch (failure) {
      // A session that ended is no reason to give up the save: it is sent once the user is signed in again.
      if (isUnreachable(failure) || (failure instanceof ApiError && failure.status === 401))
        return { status: 'unreachable', failure };
      const theirs: Memory | null = save.kind === 'update' ? versionConflictOf(failure) : null;
      if (theirs && holdsSave(theirs, save.input)) {
        // The save had arrived; only its answer was lost.
        await settle(userId, save, theirs);
        return { status: 'sent', memory: theirs };
      }
      if (theirs && save.base && !changedElsewhere(save.base, theirs) && rebases < MAX_SILENT_REBASES) {
        save = { ...save, baseVersion: theirs.version, base: theirs };
        await database.put('saves', save);
        continue;
      }
      const message = failure instanceof Error ? failure.message : String(failure);
      const latest = await database.get('saves', memoryId);
      if (latest) {
        await database.put(
          'saves',
          theirs ? { ...latest, state: 'conflict', theirs } : { ...latest, state: 'failed', failure: message },
        );
        if (theirs) announce({ type: 'conflict', userId, memoryId, theirs });
        announce({ type: 'changed', userId });
      }
      return theirs ? { status: 'conflict', theirs, failure } : { status: 'refused', failure };
    }
  }
}

/** After a save was sent: done, or (saved again meanwhile) the rest waits as an update of what the server now has. */
async function settle(userId: string, sent: PendingSave, memory: Memory): Promise<void> {
  const database = await openOutbox(userId);
  const transaction = database.transaction(['saves', 'sentCreates'], 'readwrite');
  const saves = transaction.objectStore('saves');
  const latest = await saves.get(sent.memoryId);
  const settled = !latest || latest.revision === sent.revision;
  await saves.delete(sent.memoryId);
  if (latest && !settled) {
    await saves.put({
      ...latest,
      memoryId: memory.id,
      kind: 'update',
      idempotencyKey: undefined,
      baseVersion: memory.version,
      base: memory,
      state: 'pending',
    });
  }
  if (sent.kind === 'create')
    await transaction.objectStore('sentCreates').put({ localId: sent.memoryId, serverId: memory.id, created: memory });
  await transaction.done;
  announce({ type: 'sent', userId, memory, settled, ...(sent.kind === 'create' ? { localId: sent.memoryId } : {}) });
  announce({ type: 'changed', userId });
}
