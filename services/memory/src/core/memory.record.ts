import { sql, type Selectable } from 'kysely';
import type { MemoryPlainFields } from '@memories/contracts';
import { MEMORY_TABLES, type MemoryTables } from '../database/memory.tables';

type MemoryRow = Selectable<MemoryTables['memory.memories']>;

/** Columns only the database and the search read: never part of a record. */
const UNREAD_COLUMNS = ['contentText', 'searchVector', 'historyCollapseUntil'] as const;
type RecordColumn = Exclude<keyof MemoryRow, (typeof UNREAD_COLUMNS)[number]>;

/** A stored memory as every feature reads it: its columns (less the unread ones) and who it is shared with. */
export type MemoryRecord = Pick<MemoryRow, RecordColumn> & { sharedWith: string[] };

const isRecordColumn = (name: keyof MemoryRow): name is RecordColumn =>
  !UNREAD_COLUMNS.some((unread) => unread === name);

/** The names of a record's columns, from the table's definition. */
export const MEMORY_RECORD_FIELDS = Object.keys(MEMORY_TABLES['memory.memories'])
  .filter((name): name is keyof MemoryRow => name in MEMORY_TABLES['memory.memories'])
  .filter(isRecordColumn);

/** The memory table's columns a record reads (`m` is the memories table). */
export const MEMORY_RECORD_COLUMNS = MEMORY_RECORD_FIELDS.map((name) => `m.${name}` as const);

/** Who the memory `m` is shared with, first shared first. */
export const SHARED_WITH = sql<string[]>`ARRAY(
  SELECT s.user_id FROM memory.memory_shares s WHERE s.memory_id = m.id ORDER BY s.created_at, s.user_id
)`.as('sharedWith');

/** The columns of the memory's plain fields (contracts, `MemoryPlainFields`): stored as the client sent them. */
type PlainColumn = keyof MemoryPlainFields & keyof MemoryRow;

/**
 * What create and update write: every column of the memory that is neither the database's own (id, counters, times,
 * version, search), nor the owner's. The plain fields only when the client sent them: left out, a create stores the
 * column's default and an update keeps what the memory has.
 */
export type MemoryWrite = Partial<Pick<MemoryRow, PlainColumn>> &
  Omit<
    MemoryRow,
    | PlainColumn
    | 'id'
    | 'userId'
    | 'userEmail'
    | 'viewCount'
    | 'likeCount'
    | 'commentCount'
    | 'createdAt'
    | 'updatedAt'
    | 'version'
    | 'historyCollapseUntil'
    | 'searchVector'
  >;

export interface MemoryListFilter {
  title?: string;
  tags?: string[];
  /** Inclusive lower and exclusive upper bound, `yyyy-MM-ddTHH:mm:ss`. */
  dateFrom?: string;
  dateBefore?: string;
  isDraft?: boolean;
  /** Only memories of this journal (a person's list narrowed to one of their journals). */
  journalId?: string;
  sortBy: 'createdAt' | 'title';
  sortDirection: 'asc' | 'desc';
}

export interface PageWindow {
  offset: number;
  limit: number;
}

export interface RecordPage {
  records: MemoryRecord[];
  total: number;
}
