import type { SubjectPattern } from '../bus/subjects';
import type { Memory } from './memory.types';

/** The memory service's sharing subjects beyond `memory.memories.share` (which adds recipients). */
export const SHARE_SUBJECTS = {
  /** The owner: who a memory is shared with. */
  recipients: 'memory.shares.list',
  /** The owner: stop sharing a memory with one user; their next read is a 404. */
  remove: 'memory.shares.remove',
  /** Whether another user shares a memory with the caller: only that shows the caller their profile and picture. */
  connected: 'memory.shares.connected',
} as const satisfies Record<string, SubjectPattern>;

export interface ShareRecipientsPayload {
  id: string;
}

/** Recipient user ids in the order they were added. */
export interface ShareRecipientsResult {
  userIds: string[];
}

export interface RemoveShareRecipientPayload {
  id: string;
  userId: string;
}

/** The caller is the envelope's user. */
export interface UsersConnectedPayload {
  otherUserId: string;
}

export interface UsersConnectedResult {
  connected: boolean;
}

export interface ShareBusRequestMap {
  [SHARE_SUBJECTS.recipients]: { payload: ShareRecipientsPayload; result: ShareRecipientsResult };
  [SHARE_SUBJECTS.remove]: { payload: RemoveShareRecipientPayload; result: Memory };
  [SHARE_SUBJECTS.connected]: { payload: UsersConnectedPayload; result: UsersConnectedResult };
}
