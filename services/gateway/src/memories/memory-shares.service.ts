import { Injectable } from '@nestjs/common';
import {
  MEMORY_MESSAGES,
  SHARE_SUBJECTS,
  type ApiSuccess,
  type Memory,
  type MessageContext,
  type UserSummary,
} from '@memories/contracts';
import { BusClient } from '@memories/nest-common';
import { ok } from '../http/api-response.util';
import { UserDirectory } from './user-directory';

/** Who a memory is shared with, and taking a share back (owner only; the memory service decides). */
@Injectable()
export class MemorySharesService {
  constructor(
    private readonly bus: BusClient,
    private readonly users: UserDirectory,
  ) {}

  /** The recipients as the share dialog shows them, in the order they were added (accounts since deleted left out). */
  async recipients(context: MessageContext, id: string): Promise<ApiSuccess<UserSummary[]>> {
    const { userIds } = await this.bus.request(SHARE_SUBJECTS.recipients, { id }, context);
    return ok(await this.users.summaries(userIds, context));
  }

  async remove(context: MessageContext, id: string, userId: string): Promise<ApiSuccess<Memory>> {
    return ok(await this.bus.request(SHARE_SUBJECTS.remove, { id, userId }, context), {
      message: MEMORY_MESSAGES.unshared,
    });
  }
}
