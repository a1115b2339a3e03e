// The SQL the memory service runs for a search or a look back, recorded from the service's own built code (its
// repositories given a recording connection), so bench:api's direct-SQL baseline replays exactly those statements.
import path from 'node:path';
import type { Pool } from 'pg';
import type {
  CalendarQuery,
  MemorySearchQuery,
  OnThisDayQuery,
  TimelineQuery,
  WritingStatsQuery,
} from '@memories/contracts';
import { REPO_ROOT } from '../launch/process-group';

/** Each statement's text and values, and its name when the service runs it as a named prepared statement. */
export type Statements = Array<[string, unknown[], string?]>;

/** One statement as node-postgres is given it: named when the service runs it as a prepared statement. */
interface QueryConfig {
  name?: string;
  text: string;
  values: unknown[];
}

/** What the memory service's query builder reads of a TypeORM data source: node-postgres's pool (`master`). */
interface RecordingDataSource {
  driver: {
    master: {
      query(config: QueryConfig): Promise<unknown>;
      connect(): Promise<{
        query(config: QueryConfig): Promise<unknown>;
        release(): void;
        on(event: 'error', listener: (error: Error) => void): void;
        off(event: 'error', listener: (error: Error) => void): void;
      }>;
    };
  };
}

const DIST = path.join(REPO_ROOT, 'services', 'memory', 'dist');
const context = (userId: string) => ({ correlationId: 'bench', userId });

/* eslint-disable @typescript-eslint/no-require-imports -- the service's build output, loaded after the bench built it */
function load() {
  require('reflect-metadata');
  const database = require(path.join(DIST, 'database', 'memory-database.js'));
  const access = require(path.join(DIST, 'access', 'memory-access.js'));
  const journalAccess = require(path.join(DIST, 'access', 'journal-access.js'));
  const search = require(path.join(DIST, 'search', 'memory-search.service.js'));
  const searchRepository = require(path.join(DIST, 'search', 'memory-search.repository.js'));
  const rediscovery = require(path.join(DIST, 'rediscovery', 'rediscovery.service.js'));
  const rediscoveryRepository = require(path.join(DIST, 'rediscovery', 'rediscovery.repository.js'));
  const cursor = require(path.join(DIST, 'rediscovery', 'timeline-cursor.util.js'));
  const memories = require(path.join(DIST, 'memories', 'memory.repository.js'));
  const kysely = (source: RecordingDataSource) => database.createMemoryDb(source);
  return {
    memories: (source: RecordingDataSource) => new memories.MemoryRepository(kysely(source)),
    access: (source: RecordingDataSource) => new access.MemoryAccess(kysely(source)),
    // With the journals' access core, as the service has them: a search or a look back of the person's own memories
    // asks it nothing, one of a journal checks the membership first.
    search: (source: RecordingDataSource) =>
      new search.MemorySearchService(
        new searchRepository.MemorySearchRepository(kysely(source)),
        new journalAccess.JournalAccess(kysely(source)),
      ),
    rediscovery: (source: RecordingDataSource) =>
      new rediscovery.RediscoveryService(
        new rediscoveryRepository.RediscoveryRepository(kysely(source)),
        new journalAccess.JournalAccess(kysely(source)),
      ),
    encodeCursor: cursor.encodeCursor as (position: { date: string; id: string }) => string,
  };
}
/* eslint-enable @typescript-eslint/no-require-imports */

/** Runs `call` against the real database through a connection that keeps every statement it is given, in order. */
async function record(pool: Pool, call: (source: RecordingDataSource) => Promise<unknown>): Promise<Statements> {
  const statements: Statements = [];
  const query = async (config: QueryConfig) => {
    statements.push([config.text, config.values, config.name]);
    return pool.query(config);
  };
  await call({
    driver: {
      master: {
        // Prepared statements run on the pool itself, the others on a connection it lends.
        query,
        connect: async () => ({
          query,
          release: () => undefined,
          // Each statement borrows one of the pool's own connections, which reports its failures itself.
          on: () => undefined,
          off: () => undefined,
        }),
      },
    },
  });
  return statements;
}

/** The statements of one request of each kind, as the memory service sends them for `userId`. */
export function memoryStatements(pool: Pool, userId: string) {
  const service = load();
  return {
    search: (query: MemorySearchQuery) => record(pool, (db) => service.search(db).search(context(userId), query)),
    onThisDay: (query: OnThisDayQuery) =>
      record(pool, (db) => service.rediscovery(db).onThisDay(context(userId), query)),
    calendar: (query: CalendarQuery) => record(pool, (db) => service.rediscovery(db).calendar(context(userId), query)),
    timeline: (query: TimelineQuery) => record(pool, (db) => service.rediscovery(db).timeline(context(userId), query)),
    stats: (query: WritingStatsQuery) => record(pool, (db) => service.rediscovery(db).stats(context(userId), query)),
    years: () => record(pool, (db) => service.rediscovery(db).years(context(userId), {})),
    /**
     * A page of the owner's list, newest first (what the service asks of its repository for `/memories/my`), or with
     * `journalId` of one journal's (`/journals/{id}/memories`).
     */
    list: (filter: { tags?: string[]; title?: string }, offset: number, journalId?: string) =>
      record(pool, (db) =>
        service
          .memories(db)
          .list(
            journalId ? { journal: journalId, member: userId } : { owner: userId },
            { ...filter, sortBy: 'createdAt', sortDirection: 'desc' },
            { offset, limit: 10 },
          ),
      ),
    /** A memory by id as its author reads it (the access core's check answers the memory). */
    get: (id: string) => record(pool, (db) => service.access(db).requireReadable(context(userId), id)),
    /** The cursor of the timeline page that starts after the memory `offset` places from the newest. */
    cursorAt: async (offset: number) => {
      const { rows } = await pool.query<{ date: string; id: string }>(
        `SELECT to_char(date, 'YYYY-MM-DD"T"HH24:MI:SS') AS date, id FROM memory.memories WHERE user_id = $1 ORDER BY date DESC, id DESC OFFSET $2 LIMIT 1`,
        [userId, offset],
      );
      return service.encodeCursor(rows[0]);
    },
  };
}
