import { Inject, Injectable, type Provider } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { ADMIN_SUBJECTS, type AccountStatus } from '@memories/contracts';
import { BusClient } from '../bus/bus.client';

/** How long this process trusts what it last heard of an account (`ACCOUNT_STATUS_CACHE_SECONDS`). */
export const ACCOUNT_STATUS_TTL_MS = Symbol('ACCOUNT_STATUS_TTL_MS');

/** How many accounts one process remembers: a few MB at most. */
const REMEMBERED_ACCOUNTS = 10_000;

interface Known {
  status: AccountStatus;
  fetchedAt: number;
}

/**
 * Whether an account may use its access tokens, and with which role, as the auth service last said: asked at most
 * once per account and TTL (a burst of requests shares one question), so a disabled account's tokens stop working
 * within the TTL on every replica and a demoted admin loses the admin routes as fast. The process that made a
 * change forgets the account at once. When the auth service cannot be asked, the last answer stands rather than
 * failing every request; an account never heard of is then refused with the bus error.
 */
@Injectable()
export class AccountStatusReader {
  private readonly known = new LRUCache<string, Known>({ max: REMEMBERED_ACCOUNTS });
  private readonly asking = new Map<string, Promise<AccountStatus>>();

  constructor(
    private readonly bus: BusClient,
    @Inject(ACCOUNT_STATUS_TTL_MS) private readonly ttlMs: number,
  ) {}

  async statusOf(userId: string, correlationId: string): Promise<AccountStatus> {
    const known = this.known.get(userId);
    if (known && Date.now() - known.fetchedAt < this.ttlMs) return known.status;
    try {
      return await this.ask(userId, correlationId);
    } catch (error) {
      if (known) return known.status;
      throw error;
    }
  }

  /** After a change this process made: the next request asks again. */
  forget(userId: string): void {
    this.known.delete(userId);
  }

  private ask(userId: string, correlationId: string): Promise<AccountStatus> {
    const pending = this.asking.get(userId);
    if (pending) return pending;
    const asked = this.bus
      .request(ADMIN_SUBJECTS.accountStatus, { userId }, { correlationId, userId })
      .then((status) => {
        this.known.set(userId, { status, fetchedAt: Date.now() });
        return status;
      })
      .finally(() => this.asking.delete(userId));
    this.asking.set(userId, asked);
    return asked;
  }
}

export function accountStatusProviders(ttlSeconds: number): Provider[] {
  return [{ provide: ACCOUNT_STATUS_TTL_MS, useValue: ttlSeconds * 1000 }, AccountStatusReader];
}
