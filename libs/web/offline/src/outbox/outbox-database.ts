import type { Memory } from '@memories/contracts';
import { deleteDB, openDB, type DBSchema, type IDBPDatabase } from 'idb';

import type { PendingSave } from './pending-save';

/** A memory created offline whose create was sent: its local id now stands for this server id. */
export interface SentCreate {
  localId: string;
  serverId: string;
  /** The memory as the create's answer had it (not in records kept before it was). */
  created?: Memory;
}

interface OutboxSchema extends DBSchema {
  saves: { key: string; value: PendingSave; indexes: { bySeq: number } };
  sentCreates: { key: string; value: SentCreate };
}

export type OutboxDatabase = IDBPDatabase<OutboxSchema>;

/**
 * One database per user (`memories-outbox-<userId>`): one user's unsent words are never read while another is signed
 * in, and signing out deletes that user's database whole.
 */
export const outboxDatabaseName = (userId: string) => `memories-outbox-${userId}`;

const connections = new Map<string, Promise<OutboxDatabase>>();

/** Whether this browser can keep an outbox at all (IndexedDB may be missing, e.g. in some private modes). */
export const outboxAvailable = (): boolean => typeof indexedDB !== 'undefined';

export function openOutbox(userId: string): Promise<OutboxDatabase> {
  let connection = connections.get(userId);
  if (!connection) {
    connection = openDB<OutboxSchema>(outboxDatabaseName(userId), 1, {
      upgrade(database) {
        database.createObjectStore('saves', { keyPath: 'memoryId' }).createIndex('bySeq', 'seq');
        database.createObjectStore('sentCreates', { keyPath: 'localId' });
      },
      // Another tab is deleting this user's outbox (sign-out): let it.
      blocking() {
        void closeOutbox(userId);
      },
      terminated() {
        connections.delete(userId);
      },
    });
    connection.catch(() => connections.delete(userId));
    connections.set(userId, connection);
  }
  return connection;
}

/**
 * The user's outbox if it exists; reading never creates one (a sign-out's deleted outbox stays deleted while the
 * page still shows its count). Browsers without `indexedDB.databases()` open it.
 */
export async function existingOutbox(userId: string): Promise<OutboxDatabase | null> {
  if (!connections.has(userId) && typeof indexedDB.databases === 'function') {
    const names = (await indexedDB.databases()).map((database) => database.name);
    if (!names.includes(outboxDatabaseName(userId))) return null;
  }
  return openOutbox(userId);
}

async function closeOutbox(userId: string): Promise<void> {
  const connection = connections.get(userId);
  connections.delete(userId);
  if (connection) (await connection.catch(() => null))?.close();
}

/** Deletes the user's whole outbox database (the saves and the local ids it handed out). */
export async function deleteOutbox(userId: string): Promise<void> {
  await closeOutbox(userId);
  await deleteDB(outboxDatabaseName(userId));
}
