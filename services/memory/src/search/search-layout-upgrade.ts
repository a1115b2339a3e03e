import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { BackgroundWork, rowsOf } from '@memories/nest-common';
import { MEMORY_DATA_SOURCE } from '../database/memory-database';

/** How soon after start the upgrade begins (the service answers first), and how soon it tries again after an error. */
export const UPGRADE_START_DELAY_MS = 10 * 1000;
export const UPGRADE_RETRY_MS = 30 * 1000;
/** Heap pages rewritten in one transaction: a few hundred memories, well under a second of locks on them. */
export const PAGES_PER_STEP = 256;

/** Where the upgrade stands, as its table keeps it. */
export interface SearchLayoutProgress {
  nextPage: number;
  endPage: number;
  /** Memories moved to the new layout so far. */
  rewritten: number;
  finished: boolean;
}

interface ProgressRow {
  next_page: string;
  end_page: string;
  rewritten: string;
  finished_at: Date | null;
}

/** The position row's columns, as every read of it returns them. */
const PROGRESS_COLUMNS = 'next_page, end_page, rewritten, finished_at';

const toProgress = (row: ProgressRow): SearchLayoutProgress => ({
  nextPage: Number(row.next_page),
  endPage: Number(row.end_page),
  rewritten: Number(row.rewritten),
  finished: row.finished_at !== null,
});

/**
 * Moves the memories stored before the KeepSearchVectorsInline migration to its layout (the search vector inside the
 * row), a step of heap pages per transaction, from the position the migration recorded up to the end the table had
 * then (rows written since already have the layout). Each step commits its position with its rows, so a restart, a
 * crash or a second replica continues where the last step ended; the position row's lock keeps two replicas from
 * doing the same step. Progress is logged about every tenth of the way.
 */
@Injectable()
export class SearchLayoutUpgrade implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(SearchLayoutUpgrade.name);
  private readonly work = new BackgroundWork({
    logger: this.logger,
    failure: 'could not move memories to the search layout',
    retryMs: UPGRADE_RETRY_MS,
    run: async () => {
      await this.run();
      return undefined;
    },
  });

  constructor(@InjectDataSource(MEMORY_DATA_SOURCE) private readonly db: DataSource) {}

  onApplicationBootstrap(): void {
    this.work.start(UPGRADE_START_DELAY_MS);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.work.stop();
  }

  async progress(): Promise<SearchLayoutProgress> {
    const [row] = rowsOf<ProgressRow>(
      await this.db.query(`SELECT ${PROGRESS_COLUMNS} FROM memory.search_layout_upgrade`),
    );
    return toProgress(row);
  }

  /** Rewrites the next `pages` heap pages; answers where the upgrade stands after them. */
  async step(pages = PAGES_PER_STEP): Promise<SearchLayoutProgress> {
    return this.db.transaction(async (manager) => {
      const [row] = rowsOf<ProgressRow>(
        await manager.query(`SELECT ${PROGRESS_COLUMNS} FROM memory.search_layout_upgrade FOR UPDATE`),
      );
      const before = toProgress(row);
      if (before.finished) return before;
      const to = Math.min(before.nextPage + pages, before.endPage);
      const rewritten = await this.rewrite(manager, before.nextPage, to);
      const [after] = rowsOf<ProgressRow>(
        await manager.query(
          `UPDATE memory.search_layout_upgrade
              SET next_page = $1, rewritten = rewritten + $2, finished_at = CASE WHEN $1 >= end_page THEN now() END
            RETURNING ${PROGRESS_COLUMNS}`,
          [to, rewritten],
        ),
      );
      return toProgress(after);
    });
  }

  /** Runs every step that is left, logging the way; answers how many memories it rewrote. */
  async run(): Promise<number> {
    let progress = await this.progress();
    if (progress.finished) return 0;
    // A table that was empty at the migration (a new instance) has nothing to move: done without a word.
    if (progress.nextPage >= progress.endPage) {
      await this.step();
      return 0;
    }
    const from = progress.rewritten;
    const tenth = Math.max(1, Math.ceil(progress.endPage / 10));
    let reported = progress.nextPage;
    this.logger.log(`moving stored memories to the search layout: page ${progress.nextPage} of ${progress.endPage}`);
    while (!progress.finished && !this.work.stopped) {
      progress = await this.step();
      if (progress.nextPage - reported >= tenth || progress.finished) {
        reported = progress.nextPage;
        this.logger.log(
          `search layout: ${Math.floor((100 * progress.nextPage) / progress.endPage)} % of the pages, ` +
            `${progress.rewritten} memories moved`,
        );
      }
    }
    return progress.rewritten - from;
  }

  /**
   * Stores the rows of pages [from, to) whose vector is out of line again. Setting the text to itself makes
   * PostgreSQL compute the vector (generated from the text) and store it under the table's current layout; no value
   * changes, so no version is kept and every count stays as it was.
   */
  private async rewrite(manager: EntityManager, from: number, to: number): Promise<number> {
    const [{ rewritten }] = rowsOf<{ rewritten: number }>(
      await manager.query(
        `WITH moved AS (
           UPDATE memory.memories SET content_text = content_text
            WHERE ctid >= $1::tid AND ctid < $2::tid AND pg_column_toast_chunk_id(search_vector) IS NOT NULL
           RETURNING 1
         )
         SELECT count(*)::int AS rewritten FROM moved`,
        [`(${from},0)`, `(${to},0)`],
      ),
    );
    return rewritten;
  }
}
