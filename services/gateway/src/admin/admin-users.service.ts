import { Injectable } from '@nestjs/common';
import {
  ADMIN_MESSAGES,
  ADMIN_SUBJECTS,
  OWNER_COUNT_SUBJECTS,
  STORAGE_SUBJECTS,
  type AccountSummary,
  type AdminUser,
  type AdminUserQuery,
  type AdminUserUpdate,
  type ApiSuccess,
  type MessageContext,
  type StorageUsage,
} from '@memories/contracts';
import { AccountStatusReader, BusClient } from '@memories/nest-common';
import { ok } from '../http/api-response.util';

type Caller = MessageContext & { userId: string };

/**
 * The admin's users table, put together from the services that own each part: the account (auth), how many
 * memories it has (memory) and its storage and quota (upload), one request each per page.
 */
@Injectable()
export class AdminUsersService {
  constructor(
    private readonly bus: BusClient,
    private readonly statuses: AccountStatusReader,
  ) {}

  async list(context: Caller, query: AdminUserQuery): Promise<ApiSuccess<AdminUser[]>> {
    const page = await this.bus.request(ADMIN_SUBJECTS.listAccounts, query, context);
    return ok(await this.complete(page.items, context), { pagination: page.pagination });
  }

  /**
   * The account's changes first (an unknown id is a 404 before anything else moves), then its quota. This gateway
   * forgets what it knew of the account, so a disable or a demotion bites here at once (elsewhere within the TTL).
   */
  async update(context: Caller, id: string, body: AdminUserUpdate): Promise<ApiSuccess<AdminUser>> {
    const { storageQuotaMb, ...changes } = body;
    const account = await this.bus.request(ADMIN_SUBJECTS.updateAccount, { id, ...changes }, context);
    this.statuses.forget(id);
    if (storageQuotaMb !== undefined) {
      await this.bus.request(STORAGE_SUBJECTS.setQuota, { userId: id, storageQuotaMb }, context);
    }
    const [user] = await this.complete([account], context);
    return ok(user, { message: ADMIN_MESSAGES.userUpdated });
  }

  private async complete(accounts: AccountSummary[], context: Caller): Promise<AdminUser[]> {
    if (accounts.length === 0) return [];
    const ids = accounts.map((account) => account.id);
    const [{ counts }, { usage }] = await Promise.all([
      this.bus.request(OWNER_COUNT_SUBJECTS.counts, { ownerIds: ids }, context),
      this.bus.request(STORAGE_SUBJECTS.usage, { userIds: ids }, context),
    ]);
    const memoriesOf = new Map(counts.map((count) => [count.ownerId, count.memoryCount]));
    const storageOf = new Map(usage.map((entry): [string, StorageUsage] => [entry.userId, entry]));
    return accounts.map((account) => ({
      ...account,
      memoryCount: memoriesOf.get(account.id) ?? 0,
      storageBytes: storageOf.get(account.id)?.storageBytes ?? 0,
      storageQuotaMb: storageOf.get(account.id)?.storageQuotaMb ?? null,
    }));
  }
}
