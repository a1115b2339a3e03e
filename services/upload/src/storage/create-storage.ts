import type { UploadConfig } from '../config/upload.config';
import { LocalStorageDriver } from './local-storage.driver';
import { S3StorageDriver } from './s3-storage.driver';
import type { StoragePort } from './storage.port';

/** The driver STORAGE_DRIVER names (the config has checked that the s3 settings are present). */
export function createStorage(config: UploadConfig): StoragePort {
  if (config.STORAGE_DRIVER === 'local') return new LocalStorageDriver(config.STORAGE_LOCAL_DIR);
  return new S3StorageDriver({
    endPoint: config.S3_ENDPOINT ?? '',
    port: config.S3_PORT,
    useSSL: config.S3_USE_SSL ?? true,
    accessKey: config.S3_ACCESS_KEY ?? '',
    secretKey: config.S3_SECRET_KEY ?? '',
    bucket: config.S3_BUCKET ?? '',
    region: config.S3_REGION ?? '',
    publicUrl: config.S3_PUBLIC_URL,
  });
}
