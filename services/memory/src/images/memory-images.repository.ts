import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { rowsOf } from '@memories/nest-common';
import { MEMORY_DATA_SOURCE } from '../memories/memory.repository';

/**
 * Which memories use a file, read from `image_sources` (the content's image URLs, derived on every save). Both
 * queries start from an index on the owner or the reader, so they cost the owner's memories or the reader's
 * shares, never a scan of every memory.
 */
@Injectable()
export class MemoryImagesRepository {
  constructor(@InjectDataSource(MEMORY_DATA_SOURCE) private readonly db: DataSource) {}

  /** The URLs the owner's memories use, now or in a kept version (a restore must find its images). */
  async referencedByOwner(ownerId: string, fileUrls: string[]): Promise<string[]> {
    const rows = rowsOf<{ src: string }>(
      await this.db.query(
        `SELECT src FROM memory.memories m CROSS JOIN LATERAL unnest(m.image_sources) AS src
         WHERE m.user_id = $1 AND m.image_sources && $2::text[] AND src = ANY($2::text[])
         UNION
         SELECT src FROM memory.memory_versions v JOIN memory.memories m ON m.id = v.memory_id
           CROSS JOIN LATERAL unnest(v.image_sources) AS src
         WHERE m.user_id = $1 AND v.image_sources && $2::text[] AND src = ANY($2::text[])`,
        [ownerId, fileUrls],
      ),
    );
    return rows.map((row) => row.src);
  }

  /** True when the reader owns, or is a recipient of, a memory of `ownerId` that uses the file. */
  async readableBy(readerId: string, ownerId: string, fileUrl: string): Promise<boolean> {
    const rows = rowsOf<{ readable: boolean }>(
      await this.db.query(
        `SELECT EXISTS (
           SELECT 1 FROM memory.memories m
           WHERE $1 = $2 AND m.user_id = $2 AND m.image_sources @> ARRAY[$3]::text[]
         ) OR EXISTS (
           SELECT 1 FROM memory.memory_shares s JOIN memory.memories m ON m.id = s.memory_id
           WHERE s.user_id = $1 AND m.user_id = $2 AND m.image_sources @> ARRAY[$3]::text[]
         ) AS readable`,
        [readerId, ownerId, fileUrl],
      ),
    );
    return rows[0]?.readable === true;
  }
}
