import type { StorageUsage } from '@memories/contracts';
import { formatBytes } from './format-bytes';

const MB = 1_000_000;

/** "3.4 MB of 100 MB used", or "3.4 MB used, no limit". */
export function storageSummary({
  storageBytes,
  storageQuotaMb,
}: Pick<StorageUsage, 'storageBytes' | 'storageQuotaMb'>) {
  return storageQuotaMb === null
    ? `${formatBytes(storageBytes)} used, no limit`
    : `${formatBytes(storageBytes)} of ${formatBytes(storageQuotaMb * MB)} used`;
}

/** The part of the quota used, from 0 to 1; null without a quota. */
export function usedShare({ storageBytes, storageQuotaMb }: Pick<StorageUsage, 'storageBytes' | 'storageQuotaMb'>) {
  return storageQuotaMb === null ? null : Math.min(1, storageBytes / (storageQuotaMb * MB));
}
