import { Injectable } from '@nestjs/common';
import { MEMORY_ERROR_CODES, type CallerContext } from '@memories/contracts';
import { DomainError } from '@memories/nest-common';
import { MEMORY_RECORD_COLUMNS, SHARED_WITH, type MemoryRecord } from '../core/memory.record';
import { InjectMemoryDb, prepared, type MemoryDb } from '../database/memory-database';
import { authorGrant, permits, type MemoryPermission } from './memory-access.rules';

/** A memory the caller may act on, and whether they wrote it. */
export interface PermittedMemory {
  record: MemoryRecord;
  authored: boolean;
}

export function memoryNotFound(id: string): DomainError {
  return new DomainError(MEMORY_ERROR_CODES.MEMORY_NOT_FOUND, 'Memory not found', { id });
}

/** The memory `id` with whether `callerId` wrote it, if the caller has the permission (one prepared statement each). */
function permittedMemory(db: MemoryDb, permission: MemoryPermission) {
  return prepared(db, (id: string, callerId: string) =>
    db
      .selectFrom('memory.memories as m')
      .select(MEMORY_RECORD_COLUMNS)
      .select(SHARED_WITH)
      .select(authorGrant(callerId).as('authored'))
      .where('m.id', '=', id)
      .where(permits(permission, callerId)),
  );
}

/**
 * The one place that decides whether a caller may act on one memory, by the grants of memory-access.rules (which the
 * queries over many memories use too). What the caller may not read, or may read but not change, answers
 * MEMORY_NOT_FOUND exactly like a memory that does not exist: its existence is not revealed.
 */
@Injectable()
export class MemoryAccess {
  private readonly find: Record<MemoryPermission, ReturnType<typeof permittedMemory>>;

  constructor(@InjectMemoryDb() db: MemoryDb) {
    this.find = { read: permittedMemory(db, 'read'), write: permittedMemory(db, 'write') };
  }

  /** The memory if the caller may read it (see MEMORY_GRANTS.read). */
  requireReadable(caller: CallerContext, id: string): Promise<PermittedMemory> {
    return this.require(caller, 'read', id);
  }

  /** The memory if the caller may change it (see MEMORY_GRANTS.write). */
  async requireWritable(caller: CallerContext, id: string): Promise<MemoryRecord> {
    return (await this.require(caller, 'write', id)).record;
  }

  /** The memory if the caller wrote it: who it is shared with is the author's alone to see and change. */
  async requireOwned(caller: CallerContext, id: string): Promise<MemoryRecord> {
    const { record, authored } = await this.require(caller, 'read', id);
    if (!authored) throw memoryNotFound(id);
    return record;
  }

  private async require(caller: CallerContext, permission: MemoryPermission, id: string): Promise<PermittedMemory> {
    const [row] = await this.find[permission](id, caller.userId);
    if (!row) throw memoryNotFound(id);
    // The row is the record, with `authored` beside it (never copied: see toMemory).
    return { record: row, authored: row.authored };
  }
}
