import { Inject, Injectable } from '@nestjs/common';
import { STORAGE, type StoragePort } from '../storage/storage.port';
import { MAGIC_HEAD_BYTES, MAX_IMAGE_BYTES, detectImageType } from './image-types';

export type Verification = { status: 'image'; size: number } | { status: 'missing' } | { status: 'refused' };

/**
 * Checks stored bytes before anyone may use them: within the size cap, recorded with the granted type (when the
 * storage records one), and magic bytes of that image type. Anything else (HTML or script disguised as PNG, an
 * oversized body PUT straight to S3) is deleted.
 */
@Injectable()
export class StoredFileVerifier {
  constructor(@Inject(STORAGE) private readonly storage: StoragePort) {}

  async verify(key: string, grantedType: string): Promise<Verification> {
    const stored = await this.storage.stat(key);
    if (!stored) return { status: 'missing' };
    const typeMatches =
      stored.contentType === undefined || stored.contentType.split(';')[0].trim().toLowerCase() === grantedType;
    if (
      stored.size <= MAX_IMAGE_BYTES &&
      typeMatches &&
      detectImageType(await this.storage.readHead(key, MAGIC_HEAD_BYTES)) === grantedType
    ) {
      return { status: 'image', size: stored.size };
    }
    await this.storage.delete(key);
    return { status: 'refused' };
  }
}
