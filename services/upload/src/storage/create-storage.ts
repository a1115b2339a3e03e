import type { UploadConfig } from '../config/upload.config';
import { LocalStorageDriver } from './local-storage.driver';
import type { StoragePort } from './storage.port';
import { UnavailableStorageDriver } from './unavailable-storage.driver';

/** The driver STORAGE_DRIVER names. */
export function createStorage(config: UploadConfig): StoragePort {
  if (config.STORAGE_DRIVER === 'local') return new LocalStorageDriver(config.STORAGE_LOCAL_DIR);
  return new UnavailableStorageDriver(config.STORAGE_DRIVER);
}
