import { MAX_IMAGE_BYTES } from '@memories/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { STORAGE, type StoragePort } from '../storage/storage.port';
import { MAGIC_HEAD_BYTES, detectImageType } from './image-types';
import { isSealedFileType, looksSealed } from './sealed-files';

/** `image`: usable, an image of the granted type or, for a locked journal, a sealed one (see sealed-files.ts). */
export type Verification = { status: 'image'; size: number } | { status: 'missing' } | { status: 'refused' };

/**
 * Checks stored bytes before anyone may use them: within the size cap, recorded with the granted type (when the
 * storage records one), and magic bytes of that image type, or the seal's format byte for an encrypted image. Anything
 * else (HTML or script disguised as PNG, an oversized body PUT straight to S3) is deleted.
 */
@Injectable()
export class StoredFileVerifier {
  constructor(@Inject(STORAGE) private readonly storage: StoragePort) {}

  async verify(key: string, grantedType: string): Promise<Verification> {
    const stored = await this.storage.stat(key);
    if (!stored) return { status: 'missing' };
    const typeMatches =
      stored.contentType === undefined || stored.contentType.split(';')[0].trim().toLowerCase() === grantedType;
    if (typeMatches && (await this.hasBytesOf(key, grantedType, stored.size))) {
      return { status: 'image', size: stored.size };
    }
    await this.storage.delete(key);
    return { status: 'refused' };
  }

  private async hasBytesOf(key: string, grantedType: string, size: number): Promise<boolean> {
    const head = await this.storage.readHead(key, MAGIC_HEAD_BYTES);
    if (isSealedFileType(grantedType)) return looksSealed(head, size);
    return size <= MAX_IMAGE_BYTES && detectImageType(head) === grantedType;
  }
}
