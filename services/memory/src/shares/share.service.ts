import { Injectable } from '@nestjs/common';
import {
  ERROR_CODES,
  MEMORY_ERROR_CODES,
  type Memory,
  type MessageContext,
  type RemoveShareRecipientPayload,
  type ShareRecipientsPayload,
  type ShareRecipientsResult,
  type UsersConnectedPayload,
  type UsersConnectedResult,
} from '@memories/contracts';
import { DomainError } from '@memories/nest-common';
import { toMemory } from '../memories/memory.mapper';
import type { MemoryRecord } from '../memories/memory.record';
import { MemoryRepository } from '../memories/memory.repository';
import { ShareRepository } from './share.repository';

function callerOf(context: MessageContext): string {
  if (!context.userId) throw new DomainError(ERROR_CODES.UNAUTHORIZED, 'Authentication required');
  return context.userId;
}

/**
 * Who a memory is shared with, and taking a share back. Only the owner may see or change the recipients; anyone
 * else is told the memory does not exist. A removed recipient's next read of the memory or of its images is a 404:
 * every read checks this table, nothing caches it.
 */
@Injectable()
export class ShareService {
  constructor(
    private readonly memories: MemoryRepository,
    private readonly shares: ShareRepository,
  ) {}

  async recipients(context: MessageContext, payload: ShareRecipientsPayload): Promise<ShareRecipientsResult> {
    await this.requireOwned(callerOf(context), payload.id);
    return { userIds: await this.shares.recipients(payload.id) };
  }

  /** Removing someone it was not shared with changes nothing and answers the memory as it is. */
  async remove(context: MessageContext, payload: RemoveShareRecipientPayload): Promise<Memory> {
    await this.requireOwned(callerOf(context), payload.id);
    await this.shares.remove(payload.id, payload.userId);
    return toMemory(await this.requireOwned(callerOf(context), payload.id));
  }

  async connected(context: MessageContext, payload: UsersConnectedPayload): Promise<UsersConnectedResult> {
    const caller = callerOf(context);
    if (caller === payload.otherUserId) return { connected: false };
    return { connected: await this.shares.connected(caller, payload.otherUserId) };
  }

  private async requireOwned(userId: string, id: string): Promise<MemoryRecord> {
    const record = await this.memories.findById(id);
    if (!record || record.userId !== userId)
      throw new DomainError(MEMORY_ERROR_CODES.MEMORY_NOT_FOUND, 'Memory not found', { id });
    return record;
  }
}
