import type { SubjectPattern } from '../bus/subjects';

/** Storage an account uses (its images, and import archives waiting for their job) and the quota that applies. */
export interface StorageUsage {
  userId: string;
  storageBytes: number;
  /** Its own quota, else STORAGE_QUOTA_MB; null: no quota. */
  storageQuotaMb: number | null;
}

export interface StorageUsagePayload {
  userIds: string[];
}

export interface StorageUsageResult {
  usage: StorageUsage[];
}

export interface StorageQuotaPayload {
  userId: string;
  /** null: no quota for this account. */
  storageQuotaMb: number | null;
}

/** The upload service's storage accounting: the admin's table and quota, and the caller's own usage. */
export const STORAGE_SUBJECTS = {
  usage: 'upload.storage.usage',
  setQuota: 'upload.storage.set-quota',
  mine: 'upload.storage.mine',
} as const satisfies Record<string, SubjectPattern>;

/** Payload and result of every storage subject (merged into `BusRequestMap`). */
export interface StorageBusRequestMap {
  [STORAGE_SUBJECTS.usage]: { payload: StorageUsagePayload; result: StorageUsageResult };
  [STORAGE_SUBJECTS.setQuota]: { payload: StorageQuotaPayload; result: StorageUsage };
  [STORAGE_SUBJECTS.mine]: { payload: Record<string, never>; result: StorageUsage };
}

/** Most accounts one usage question asks about (a page of the admin's table). */
export const MAX_USAGE_USER_IDS = 100;
