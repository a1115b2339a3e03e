import { Injectable } from '@nestjs/common';
import { JOURNAL_ERROR_CODES, JOURNAL_MESSAGES, type CallerContext, type JournalRole } from '@memories/contracts';
import { DomainError } from '@memories/nest-common';
import { sql, type Selectable } from 'kysely';
import { InjectMemoryDb, prepared, type MemoryDb } from '../database/memory-database';
import type { MemoryTables } from '../database/memory.tables';
import { WRITER_ROLES } from './journal-access.rules';

export type JournalRow = Selectable<MemoryTables['memory.journals']>;

/** A journal the caller is a member of, with their role and their own place for it. */
export interface Membership {
  journal: JournalRow;
  role: JournalRole;
  position: number;
  isDefault: boolean;
}

export function journalNotFound(journalId: string): DomainError {
  return new DomainError(JOURNAL_ERROR_CODES.JOURNAL_NOT_FOUND, JOURNAL_MESSAGES.notFound, { id: journalId });
}

/**
 * The one place that decides what a caller may do with a journal. A journal they are not a member of is
 * JOURNAL_NOT_FOUND, exactly like one that does not exist; a member whose role does not allow the action is told so
 * (403): they can see the journal, so a 404 would lie.
 */
@Injectable()
export class JournalAccess {
  private readonly membership;

  constructor(@InjectMemoryDb() private readonly db: MemoryDb) {
    this.membership = prepared(db, (journalId: string, callerId: string) =>
      db
        .selectFrom('memory.journal_members as jm')
        .innerJoin('memory.journals as j', 'j.id', 'jm.journalId')
        .selectAll('j')
        .select(['jm.role', 'jm.position', 'jm.isDefault'])
        .where('jm.journalId', '=', journalId)
        .where('jm.userId', '=', callerId),
    );
  }

  async requireMember(caller: CallerContext, journalId: string): Promise<Membership> {
    const [row] = await this.membership(journalId, caller.userId);
    if (!row) throw journalNotFound(journalId);
    const { role, position, isDefault, ...journal } = row;
    return { journal, role, position, isDefault };
  }

  /** Owner or editor: who may write new memories there. */
  async requireWriter(caller: CallerContext, journalId: string): Promise<Membership> {
    const membership = await this.requireMember(caller, journalId);
    if (!(WRITER_ROLES as readonly JournalRole[]).includes(membership.role))
      throw new DomainError(JOURNAL_ERROR_CODES.JOURNAL_WRITE_FORBIDDEN, JOURNAL_MESSAGES.viewerReadOnly);
    return membership;
  }

  /**
   * The journals a search may look in: those the caller named by id (each one they must be a member of) or by name
   * (`journal:` in the query; their own and shared ones, case aside), with every member of them, whose memories they
   * hold. Undefined when no journal was asked for.
   */
  async searchScope(
    caller: CallerContext,
    journalId: string | undefined,
    names: string[],
  ): Promise<{ journalIds: string[]; authorIds: string[] } | undefined> {
    if (journalId === undefined && names.length === 0) return undefined;
    const ids = journalId === undefined ? [] : [(await this.requireMember(caller, journalId)).journal.id];
    if (names.length > 0) {
      const named = await this.db
        .selectFrom('memory.journal_members as jm')
        .innerJoin('memory.journals as j', 'j.id', 'jm.journalId')
        .select('j.id')
        .where('jm.userId', '=', caller.userId)
        .where(sql<boolean>`lower(j.name) = ANY(${names.map((name) => name.toLowerCase())}::text[])`)
        .execute();
      const namedIds = named.map((row) => row.id);
      // `journalId` and `journal:` together: the journals both name.
      ids.splice(0, ids.length, ...(journalId === undefined ? namedIds : ids.filter((id) => namedIds.includes(id))));
    }
    if (ids.length === 0) return { journalIds: [], authorIds: [] };
    const members = await this.db
      .selectFrom('memory.journal_members')
      .select('userId')
      .distinct()
      .where('journalId', 'in', ids)
      .execute();
    return { journalIds: ids, authorIds: members.map((member) => member.userId) };
  }

  /** The owner: who renames, recolours, deletes, shares and holds the key of a journal. */
  async requireOwner(caller: CallerContext, journalId: string): Promise<Membership> {
    const membership = await this.requireMember(caller, journalId);
    if (membership.role !== 'owner')
      throw new DomainError(JOURNAL_ERROR_CODES.JOURNAL_OWNER_FORBIDDEN, JOURNAL_MESSAGES.ownerOnly);
    return membership;
  }
}
