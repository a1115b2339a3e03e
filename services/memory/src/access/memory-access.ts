import { Injectable } from '@nestjs/common';
import {
  JOURNAL_ERROR_CODES,
  JOURNAL_MESSAGES,
  MEMORY_ERROR_CODES,
  type CallerContext,
  type JournalRole,
} from '@memories/contracts';
import { DomainError } from '@memories/nest-common';
import { MEMORY_RECORD_COLUMNS, SHARED_WITH, type MemoryRecord } from '../core/memory.record';
import { InjectMemoryDb, prepared, type MemoryDb } from '../database/memory-database';
import { sql } from 'kysely';
import { journalRoleOf } from './journal-access.rules';
import { authorGrant, permits } from './memory-access.rules';

/** A memory the caller may act on, and whether they wrote it. */
export interface PermittedMemory {
  record: MemoryRecord;
  authored: boolean;
}

export function memoryNotFound(id: string): DomainError {
  return new DomainError(MEMORY_ERROR_CODES.MEMORY_NOT_FOUND, 'Memory not found', { id });
}

/**
 * The memory `id` if the caller may read it, with whether they wrote it, whether they may change it, and their role in
 * its journal (one prepared statement for every check).
 */
function readableMemory(db: MemoryDb) {
  return prepared(db, (id: string, callerId: string) =>
    db
      .selectFrom('memory.memories as m')
      .select(MEMORY_RECORD_COLUMNS)
      .select(SHARED_WITH)
      .select(authorGrant(callerId).as('authored'))
      .select(permits('write', callerId).as('writable'))
      .select(journalRoleOf(sql`m.journal_id`, callerId).as('journalRole'))
      .where('m.id', '=', id)
      .where(permits('read', callerId)),
  );
}

type ReadableRow = Awaited<ReturnType<ReturnType<typeof readableMemory>>>[number];

/** Copies of a record without the checks' own columns: the record is what features and `toMemory` read. */
function recordOf({
  authored: _authored,
  writable: _writable,
  journalRole: _role,
  ...record
}: ReadableRow): MemoryRecord {
  return record;
}

/**
 * The one place that decides whether a caller may act on one memory, by the grants of memory-access.rules (which the
 * queries over many memories use too). What the caller may not read answers MEMORY_NOT_FOUND exactly like a memory
 * that does not exist: its existence is not revealed.
 */
@Injectable()
export class MemoryAccess {
  private readonly find: ReturnType<typeof readableMemory>;

  constructor(@InjectMemoryDb() db: MemoryDb) {
    this.find = readableMemory(db);
  }

  /** The memory if the caller may read it (see MEMORY_GRANTS.read). */
  async requireReadable(caller: CallerContext, id: string): Promise<PermittedMemory> {
    const row = await this.require(caller, id);
    return { record: recordOf(row), authored: row.authored };
  }

  /**
   * The memory if the caller may change it (see MEMORY_GRANTS.write). A member of its journal who may only read it (a
   * viewer, or an editor and someone else's memory) is told so; anyone else who can read it (a share) is told it does
   * not exist, as before journals.
   */
  async requireWritable(caller: CallerContext, id: string): Promise<MemoryRecord> {
    const row = await this.require(caller, id);
    if (!row.writable) {
      if (row.journalRole === null) throw memoryNotFound(id);
      throw writeForbidden(row.journalRole);
    }
    return recordOf(row);
  }

  /** The memory if the caller wrote it: who it is shared with is the author's alone to see and change. */
  async requireOwned(caller: CallerContext, id: string): Promise<MemoryRecord> {
    const row = await this.require(caller, id);
    if (!row.authored) throw memoryNotFound(id);
    return recordOf(row);
  }

  private async require(caller: CallerContext, id: string): Promise<ReadableRow> {
    const [row] = await this.find(id, caller.userId);
    if (!row) throw memoryNotFound(id);
    return row;
  }
}

/** A member whose role does not let them change this memory. */
export function writeForbidden(role: JournalRole): DomainError {
  return new DomainError(
    JOURNAL_ERROR_CODES.JOURNAL_WRITE_FORBIDDEN,
    role === 'viewer' ? JOURNAL_MESSAGES.viewerReadOnly : JOURNAL_MESSAGES.editorOwnOnly,
  );
}
