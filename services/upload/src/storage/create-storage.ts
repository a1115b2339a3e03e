import type { UploadConfig } from '../config/upload.config';
import { LocalStorageDriver } from './local-storage.driver';
import type { StoragePort } from './storage.port';

/** The driver STORAGE_DRIVER names. */
export function createStorage(config: UploadConfig): StoragePort {
  if (config.STORAGE_DRIVER === 'local') return new LocalStorageDriver(config.STORAGE_LOCAL_DIR);
  // Fails at boot rather than on the first upload, naming what is missing.
  throw new Error('STORAGE_DRIVER=s3 is not implemented yet; use STORAGE_DRIVER=local.');
}
