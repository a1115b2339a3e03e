import { Injectable } from '@nestjs/common';
import {
  ADMIN_SUBJECTS,
  MEMORY_ERROR_CODES,
  SUBJECTS,
  USER_LOOKUP_SUBJECT,
  type ApiSuccess,
  type CallerContext,
  type JournalMemoryPage,
  type Memory,
  type MemoryPage,
  type MessageContext,
  type UserSummary,
} from '@memories/contracts';
import { BusClient, DomainError, type JsonText } from '@memories/nest-common';
import { ok, pageJson } from '../http/api-response.util';
import { JsonReply } from '../http/json-reply';

/** How the memory service's text of a journal page begins when every memory of it is the caller's. */
const ALL_BY_CALLER_START = '{"allByCaller":true,';

/**
 * The auth service's users as the memory endpoints need them: the caller's e-mail, who may receive shares, who shared.
 */
@Injectable()
export class UserDirectory {
  constructor(private readonly bus: BusClient) {}

  /** The caller's own e-mail: the auth service's profile of the envelope's user. */
  async callerEmail(context: MessageContext): Promise<string> {
    return (await this.bus.request(SUBJECTS.auth.getProfile, {}, context)).email;
  }

  /**
   * Fails with a 400 naming the ids that cannot receive shares: no user has them, or (where addresses must be
   * confirmed) their address is not confirmed yet.
   */
  async requireRecipients(userIds: string[], context: MessageContext): Promise<void> {
    const unique = [...new Set(userIds)];
    if (unique.length === 0) return;
    const { users } = await this.bus.request(ADMIN_SUBJECTS.shareRecipients, { ids: unique }, context);
    const found = new Set(users.map((user) => user.id));
    const unknown = unique.filter((id) => !found.has(id));
    if (unknown.length > 0) {
      throw new DomainError(
        MEMORY_ERROR_CODES.MEMORY_SHARE_USERS_INVALID,
        `Cannot share with ${unknown.join(', ')}: no account with a confirmed e-mail address has ${unknown.length > 1 ? 'these ids' : 'this id'}`,
        { unknownUserIds: unknown },
      );
    }
  }

  /** The users among `ids` that exist, in the order asked. */
  async summaries(ids: string[], context: MessageContext): Promise<UserSummary[]> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return [];
    const byId = new Map((await this.lookup(unique, context)).map((user) => [user.id, user]));
    return unique.flatMap((id) => byId.get(id) ?? []);
  }

  /**
   * "Shared by": the owner, as the caller may see them, on each memory someone else owns (the caller can only
   * read those because they were shared with them). One look-up for a whole page.
   */
  async withSharedBy(memories: Memory[], context: MessageContext): Promise<Memory[]> {
    const owners = new Map(
      (
        await this.summaries(
          memories.filter((memory) => memory.ownerId !== context.userId).map((memory) => memory.ownerId),
          context,
        )
      ).map((owner) => [owner.id, owner]),
    );
    return memories.map((memory) => {
      const owner = owners.get(memory.ownerId);
      return owner ? { ...memory, sharedBy: owner } : memory;
    });
  }

  /**
   * A page of memories as the service wrote it, with "Shared by" on the memories of others (see withSharedBy). A
   * journal page the memory service marks as all the caller's own, such as a personal journal's, needs nothing added:
   * its text is passed on unparsed and unread, as the dashboard's list is (see JsonReply and JournalMemoryPage).
   */
  async pageWithSharedBy(
    page: JsonText<MemoryPage | JournalMemoryPage>,
    context: CallerContext,
  ): Promise<JsonReply<ApiSuccess<Memory[]>>> {
    if (page.startsWith(ALL_BY_CALLER_START))
      return pageJson(`{${page.slice(ALL_BY_CALLER_START.length)}` as JsonText<MemoryPage>);
    const { items, pagination } = JSON.parse(page) as MemoryPage;
    return new JsonReply(JSON.stringify(ok(await this.withSharedBy(items, context), { pagination })));
  }

  private async lookup(ids: string[], context: MessageContext): Promise<UserSummary[]> {
    return (await this.bus.request(USER_LOOKUP_SUBJECT, { ids }, context)).users;
  }
}
