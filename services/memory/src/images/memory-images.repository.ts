import { Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { permits } from '../access/memory-access.rules';
import { InjectMemoryDb, type MemoryDb } from '../database/memory-database';

/**
 * Which memories use a file, read from `image_sources` (the content's image URLs, derived on every save). Both
 * queries start from an index on the file owner's memories, so they cost that owner's memories, never a scan of every
 * memory.
 */
@Injectable()
export class MemoryImagesRepository {
  constructor(@InjectMemoryDb() private readonly db: MemoryDb) {}

  /** The URLs the owner's memories use, now or in a kept version (a restore must find its images). */
  async referencedByOwner(ownerId: string, fileUrls: string[]): Promise<string[]> {
    const rows = await this.db
      .selectFrom('memory.memories as m')
      .innerJoinLateral(sql<{ src: string }>`unnest(m.image_sources)`.as('u'), (join) => join.onTrue())
      .select(sql<string>`u`.as('src'))
      .where('m.userId', '=', ownerId)
      .where((eb) => eb('m.imageSources', '&&', eb.val(fileUrls)))
      .where(sql<boolean>`u = ANY(${fileUrls}::text[])`)
      .union((db) =>
        db
          .selectFrom('memory.memory_versions as v')
          .innerJoin('memory.memories as m', 'm.id', 'v.memoryId')
          .innerJoinLateral(sql<{ src: string }>`unnest(v.image_sources)`.as('u'), (join) => join.onTrue())
          .select(sql<string>`u`.as('src'))
          .where('m.userId', '=', ownerId)
          .where((eb) => eb('v.imageSources', '&&', eb.val(fileUrls)))
          .where(sql<boolean>`u = ANY(${fileUrls}::text[])`),
      )
      .execute();
    return rows.map((row) => row.src);
  }

  /** True when the reader may read (MEMORY_GRANTS.read) a memory of `ownerId` that uses the file. */
  async readableBy(readerId: string, ownerId: string, fileUrl: string): Promise<boolean> {
    const { readable } = await this.db
      .selectNoFrom((eb) =>
        eb
          .exists(
            eb
              .selectFrom('memory.memories as m')
              .select('m.id')
              .where('m.userId', '=', ownerId)
              .where((memory) => memory('m.imageSources', '@>', memory.val([fileUrl])))
              .where(permits('read', readerId)),
          )
          .as('readable'),
      )
      .executeTakeFirstOrThrow();
    return readable === true;
  }
}
