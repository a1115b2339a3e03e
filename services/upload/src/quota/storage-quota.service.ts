import { Injectable } from '@nestjs/common';
import {
  ADMIN_ERROR_CODES,
  ADMIN_MESSAGES,
  storageQuotaMessage,
  type MessageContext,
  type StorageQuotaDetail,
  type StorageQuotaPayload,
  type StorageUsage,
  type StorageUsagePayload,
  type StorageUsageResult,
} from '@memories/contracts';
import { AccountStatusReader, DomainError } from '@memories/nest-common';
import { UploadConfig } from '../config/upload.config';
import { StorageQuotaRepository } from './storage-quota.repository';

// Decimal megabytes, as the screens show sizes (format-bytes): a quota of 100 MB is 100,000,000 bytes.
const MB = 1_000_000;

/** How much an account may still store: null without a quota. */
export interface StorageRoom {
  usedBytes: number;
  allowedBytes: number | null;
}

/** Room that a run of stores uses up as it goes (the images of one import page), checked without asking again. */
export class RoomBudget {
  constructor(private room: StorageRoom) {}

  /** Takes `bytes` if they fit; false (and nothing taken) if they do not. */
  take(bytes: number): boolean {
    if (this.room.allowedBytes !== null && this.room.usedBytes + bytes > this.room.allowedBytes) return false;
    this.room = { ...this.room, usedBytes: this.room.usedBytes + bytes };
    return true;
  }

  /** What the user is told about an image left out because it did not fit. */
  refusal(): string {
    return storageQuotaMessage(this.room.usedBytes, this.room.allowedBytes ?? 0);
  }
}

/** The 413 of an upload or import that does not fit, with what is used and allowed. */
export function quotaExceeded(room: StorageRoom): DomainError {
  const detail: StorageQuotaDetail = { usedBytes: room.usedBytes, allowedBytes: room.allowedBytes ?? 0 };
  return new DomainError(
    ADMIN_ERROR_CODES.STORAGE_QUOTA_EXCEEDED,
    storageQuotaMessage(detail.usedBytes, detail.allowedBytes),
    detail,
  );
}

/**
 * Storage quotas over images and import archives: an account's own quota (set by an admin; null for none), else
 * STORAGE_QUOTA_MB, else none. Checks are made before bytes are taken in; two uploads at the same moment may pass
 * together and overshoot by what they carry (docs/decisions.md, "Instance administration").
 */
@Injectable()
export class StorageQuotaService {
  constructor(
    private readonly config: UploadConfig,
    private readonly quotas: StorageQuotaRepository,
    private readonly accounts: AccountStatusReader,
  ) {}

  async usage(payload: StorageUsagePayload): Promise<StorageUsageResult> {
    const ids = [...new Set(payload.userIds)];
    const [used, own] = await Promise.all([this.quotas.usedBytes(ids), this.quotas.ownQuotas(ids)]);
    return {
      usage: ids.map((userId) => ({
        userId,
        storageBytes: used.get(userId) ?? 0,
        storageQuotaMb: own.has(userId) ? (own.get(userId) ?? null) : (this.config.STORAGE_QUOTA_MB ?? null),
      })),
    };
  }

  async mine(context: MessageContext & { userId: string }): Promise<StorageUsage> {
    return (await this.usage({ userIds: [context.userId] })).usage[0];
  }

  /** Admins only: the gateway checked, and this service asks the auth service again. */
  async setQuota(context: MessageContext & { userId: string }, payload: StorageQuotaPayload): Promise<StorageUsage> {
    const caller = await this.accounts.statusOf(context.userId, context.correlationId);
    if (!caller.active || caller.role !== 'admin') {
      throw new DomainError(ADMIN_ERROR_CODES.ADMIN_ONLY_FORBIDDEN, ADMIN_MESSAGES.adminOnly);
    }
    await this.quotas.setOwnQuota(payload.userId, payload.storageQuotaMb);
    return (await this.usage({ userIds: [payload.userId] })).usage[0];
  }

  /** What the account uses and may use; `exceptImportJob`: not counting that import's own archive. */
  async room(ownerId: string, exceptImportJob?: string): Promise<StorageRoom> {
    const [own, used] = await Promise.all([
      this.quotas.ownQuotas([ownerId]),
      this.quotas.usedBytes([ownerId], exceptImportJob),
    ]);
    const quotaMb = own.has(ownerId) ? own.get(ownerId) : this.config.STORAGE_QUOTA_MB;
    return { usedBytes: used.get(ownerId) ?? 0, allowedBytes: quotaMb ? quotaMb * MB : null };
  }

  /** Refuses (413) unless `bytes` more fit; answers the room it checked. */
  async requireRoom(ownerId: string, bytes: number): Promise<StorageRoom> {
    const room = await this.room(ownerId);
    if (!new RoomBudget(room).take(bytes)) throw quotaExceeded(room);
    return room;
  }

  async budget(ownerId: string, exceptImportJob?: string): Promise<RoomBudget> {
    return new RoomBudget(await this.room(ownerId, exceptImportJob));
  }
}

/** Bytes still free in a room: undefined without a quota. */
export function freeBytes(room: StorageRoom): number | undefined {
  return room.allowedBytes === null ? undefined : Math.max(0, room.allowedBytes - room.usedBytes);
}
