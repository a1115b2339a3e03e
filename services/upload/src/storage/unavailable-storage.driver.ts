import { DomainError } from '@memories/nest-common';
import { UPLOAD_ERROR_CODES } from '@memories/contracts';
import type { StoragePort } from './storage.port';

/**
 * What STORAGE_DRIVER=s3 gets until the s3 driver exists: the service still boots and reports healthy, so the
 * compose and cluster deployments (which name s3) keep running, while every image operation answers 503 saying
 * exactly why instead of pretending to store anything.
 */
export class UnavailableStorageDriver implements StoragePort {
  constructor(private readonly driver: string) {}

  write(): Promise<never> {
    return this.refuse();
  }

  readHead(): Promise<never> {
    return this.refuse();
  }

  read(): Promise<never> {
    return this.refuse();
  }

  exists(): Promise<never> {
    return this.refuse();
  }

  delete(): Promise<never> {
    return this.refuse();
  }

  private refuse(): Promise<never> {
    return Promise.reject(
      new DomainError(
        UPLOAD_ERROR_CODES.storageUnavailable,
        `Image storage "${this.driver}" is not available in this version of Memories; run the upload service with STORAGE_DRIVER=local.`,
      ),
    );
  }
}
