import { Injectable } from '@nestjs/common';
import type {
  Memory,
  MessageContext,
  RemoveShareRecipientPayload,
  ShareRecipientsPayload,
  ShareRecipientsResult,
  UsersConnectedPayload,
  UsersConnectedResult,
} from '@memories/contracts';
import { requireUser } from '../access/caller';
import { MemoryAccess } from '../access/memory-access';
import { toMemory } from '../core/memory.mapper';
import { ShareRepository } from './share.repository';

/**
 * Who a memory is shared with, and taking a share back: the author's alone to see and change (MemoryAccess.requireOwned);
 * anyone else is told the memory does not exist. A removed recipient's next read of the memory or of its images is a
 * 404: every read checks the shares, nothing caches them.
 */
@Injectable()
export class ShareService {
  constructor(
    private readonly access: MemoryAccess,
    private readonly shares: ShareRepository,
  ) {}

  async recipients(context: MessageContext, payload: ShareRecipientsPayload): Promise<ShareRecipientsResult> {
    await this.access.requireOwned(requireUser(context), payload.id);
    return { userIds: await this.shares.recipients(payload.id) };
  }

  /** Removing someone it was not shared with changes nothing and answers the memory as it is. */
  async remove(context: MessageContext, payload: RemoveShareRecipientPayload): Promise<Memory> {
    const caller = requireUser(context);
    await this.access.requireOwned(caller, payload.id);
    await this.shares.remove(payload.id, payload.userId);
    return toMemory(await this.access.requireOwned(caller, payload.id));
  }

  async connected(context: MessageContext, payload: UsersConnectedPayload): Promise<UsersConnectedResult> {
    const caller = requireUser(context);
    if (caller.userId === payload.otherUserId) return { connected: false };
    return { connected: await this.shares.connected(caller.userId, payload.otherUserId) };
  }
}
