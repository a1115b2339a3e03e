import type { UploadConfig } from '../config/upload.config';
import { LocalStorageDriver } from './local-storage.driver';
import type { StoragePort } from './storage.port';

/**
 * The driver STORAGE_DRIVER names (the config has checked that the s3 settings are present). The S3 driver is loaded
 * only when chosen: the MinIO client and its dependencies are ~3 MB of memory the embedded mode's one process, which
 * stores files itself, would hold for nothing (issue 39).
 */
export async function createStorage(config: UploadConfig): Promise<StoragePort> {
  if (config.STORAGE_DRIVER === 'local') return new LocalStorageDriver(config.STORAGE_LOCAL_DIR);
  const { S3StorageDriver } = await import('./s3-storage.driver');
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
