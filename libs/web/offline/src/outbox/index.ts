// Saves made without a connection (issue 20): kept per user in IndexedDB, sent in order when it returns.
export {
  clearOutboxOf,
  currentIdOf,
  discardPendingSave,
  followMemory,
  keepSave,
  pendingSaveOf,
  pendingSavesOf,
} from './outbox';
export type { SaveToKeep } from './outbox';
export { outboxAvailable, outboxDatabaseName } from './outbox-database';
export { onOutboxEvent } from './outbox-events';
export type { OutboxEvent } from './outbox-events';
export { DRAIN_RETRY_MS, drainOutbox, startOutboxDrain } from './drain-outbox';
export { saveMemory } from './save-memory';
export type { MemorySaveRequest, MemorySaveResult } from './save-memory';
export { sendPendingSave } from './send-pending-save';
export type { SaveApi, SendOutcome } from './send-pending-save';
export { changedElsewhere, holdsSave, isLocalMemoryId, localMemoryIdOf, memoryOfPendingSave } from './pending-save';
export type { PendingSave, PendingSaveState } from './pending-save';
export { useOutboxSummary } from './useOutboxSummary';
export type { OutboxSummary } from './useOutboxSummary';
