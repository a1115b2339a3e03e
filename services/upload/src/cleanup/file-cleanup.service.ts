import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  ERROR_CODES,
  ownerOfFileKey,
  type CleanupImagesPayload,
  type CleanupImagesResult,
  type MemoryDeletedEvent,
  type MessageContext,
} from '@memories/contracts';
import { DomainError, lineOf } from '@memories/nest-common';
import type { EntityManager } from 'typeorm';
import { MemoryReferencesClient } from '../access/memory-references.client';
import { ProfileImagesClient } from '../access/profile-images.client';
import { FilesRepository } from '../files/files.repository';
import { keyOfFileUrl } from '../files/file-key';
import type { FileRecord } from '../files/file.record';
import { STORAGE, type StoragePort } from '../storage/storage.port';

/** Files never referenced this long after their grant are removed by the sweep. */
export const UNREFERENCED_FILE_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** Most files one sweep run looks at (a bounded transaction; the next run takes the next batch). */
export const SWEEP_BATCH_SIZE = 100;

export interface SweepResult {
  checked: number;
  deleted: number;
}

/**
 * Removes files no memory of their owner uses and that are not their profile picture: on the editor's request and
 * when a profile picture is replaced (the caller's own files only), when a memory is deleted, and in the periodic
 * sweep of files never referenced. A file is only deleted after the memory and auth services have answered that
 * nothing uses it; when one cannot answer, nothing is deleted.
 */
@Injectable()
export class FileCleanupService {
  private readonly logger = new Logger(FileCleanupService.name);

  constructor(
    private readonly files: FilesRepository,
    private readonly memories: MemoryReferencesClient,
    private readonly profileImages: ProfileImagesClient,
    @Inject(STORAGE) private readonly storage: StoragePort,
  ) {}

  async cleanup(context: MessageContext, payload: CleanupImagesPayload): Promise<CleanupImagesResult> {
    if (!context.userId) throw new DomainError(ERROR_CODES.UNAUTHORIZED, 'Sign in to clean up images.');
    return { deleted: await this.removeUnreferenced(context, context.userId, payload.imageUrls) };
  }

  async memoryDeleted(context: MessageContext, event: MemoryDeletedEvent): Promise<number> {
    return this.removeUnreferenced(context, event.ownerId, event.imageSources);
  }

  /** One bounded batch of files never referenced 24 hours after their grant. */
  async sweep(now = new Date()): Promise<SweepResult> {
    const before = new Date(now.getTime() - UNREFERENCED_FILE_LIFETIME_MS);
    return this.files.withStaleBatch(before, SWEEP_BATCH_SIZE, async (batch, manager) => {
      let deleted = 0;
      for (const [ownerId, records] of groupByOwner(batch)) {
        deleted += await this.settle({ correlationId: `sweep-${now.getTime()}` }, ownerId, records, manager);
      }
      return { checked: batch.length, deleted };
    });
  }

  private async removeUnreferenced(context: MessageContext, ownerId: string, urls: string[]): Promise<number> {
    const keys = [
      ...new Set(
        urls.map(keyOfFileUrl).filter((key): key is string => key !== null && ownerOfFileKey(key) === ownerId),
      ),
    ];
    if (keys.length === 0) return 0;
    return this.settle(context, ownerId, await this.files.findOwned(ownerId, keys));
  }

  /**
   * Marks the used files referenced (a memory of the owner uses them, or one is the owner's profile picture) and
   * deletes the others (object first, so a failure leaves the row to retry).
   */
  private async settle(
    context: MessageContext,
    ownerId: string,
    records: FileRecord[],
    manager?: EntityManager,
  ): Promise<number> {
    const keys = records.map((record) => record.key);
    const [inMemories, profileImages] = await Promise.all([
      this.memories.referencedKeys(context, ownerId, keys),
      this.profileImages.referencedKeys(context, ownerId, keys),
    ]);
    const used = new Set([...inMemories, ...profileImages]);
    const unused = keys.filter((key) => !used.has(key));
    await this.files.markReferenced([...used], manager);
    for (const key of unused) await this.storage.delete(key);
    await this.files.deleteRows(unused, manager);
    if (unused.length > 0) this.logger.log(lineOf(context, `deleted ${unused.length} unused file(s) of ${ownerId}`));
    return unused.length;
  }
}

function groupByOwner(records: FileRecord[]): Map<string, FileRecord[]> {
  const groups = new Map<string, FileRecord[]>();
  for (const record of records) groups.set(record.ownerId, [...(groups.get(record.ownerId) ?? []), record]);
  return groups;
}
