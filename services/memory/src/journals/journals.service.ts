import { Injectable } from '@nestjs/common';
import {
  JOURNAL_COLORS,
  JOURNAL_ERROR_CODES,
  JOURNAL_MESSAGES,
  MAX_JOURNAL_MEMBERS,
  MAX_JOURNALS_PER_OWNER,
  type AddJournalMemberPayload,
  type DeleteJournalPayload,
  type DeletedJournal,
  type JournalCreateInput,
  type JournalIdPayload,
  type JournalKeyEnvelope,
  type JournalMemberRecord,
  type JournalRecord,
  type JournalUpdateInput,
  type MessageContext,
  type RemoveJournalMemberPayload,
  type UpdateJournalMemberPayload,
} from '@memories/contracts';
import { DomainError } from '@memories/nest-common';
import { requireUser } from '../access/caller';
import { JournalAccess, journalNotFound } from '../access/journal-access';
import { DefaultJournals } from '../core/default-journals.repository';
import { JournalsRepository, type MemberJournalRow, type MemberRow } from './journals.repository';

const conflict = (code: string, message: string) => new DomainError(code, message);

function toJournal(row: MemberJournalRow): JournalRecord {
  const { ownerId, ...journal } = row;
  return { ...journal, ownerId };
}

function toMember(row: MemberRow): JournalMemberRecord {
  return { userId: row.userId, role: row.role, joinedAt: row.joinedAt.toISOString() };
}

/**
 * Journals and their members. Who may do what is JournalAccess's to say (members read, owners change); what a
 * change does to memories is decided here: nothing a member wrote is ever lost (it goes back to their own default
 * journal), and a locked journal is never shared.
 */
@Injectable()
export class JournalsService {
  constructor(
    private readonly access: JournalAccess,
    private readonly journals: JournalsRepository,
    private readonly defaults: DefaultJournals,
  ) {}

  /** The caller's journals; the first call makes their default journal. */
  async list(context: MessageContext): Promise<JournalRecord[]> {
    const caller = requireUser(context);
    await this.defaults.of(caller.userId);
    return (await this.journals.listFor(caller.userId)).map(toJournal);
  }

  async create(context: MessageContext, input: JournalCreateInput): Promise<JournalRecord> {
    const caller = requireUser(context);
    await this.defaults.of(caller.userId);
    if ((await this.journals.countOwned(caller.userId)) >= MAX_JOURNALS_PER_OWNER)
      throw conflict(JOURNAL_ERROR_CODES.JOURNAL_LIMIT_CONFLICT, JOURNAL_MESSAGES.tooMany);
    const used = new Set((await this.journals.listFor(caller.userId)).map((journal) => journal.color));
    const color = input.color ?? JOURNAL_COLORS.find((candidate) => !used.has(candidate)) ?? JOURNAL_COLORS[0];
    const id = await this.journals.create(caller.userId, {
      name: input.name.trim(),
      color,
      keyEnvelope: input.keyEnvelope,
    });
    return this.one(caller.userId, id);
  }

  async update(context: MessageContext, payload: JournalIdPayload & JournalUpdateInput): Promise<JournalRecord> {
    const caller = requireUser(context);
    const { journalId, name, color, isDefault, position } = payload;
    const membership =
      name !== undefined || color !== undefined || isDefault
        ? await this.access.requireOwner(caller, journalId)
        : await this.access.requireMember(caller, journalId);
    if (isDefault && membership.journal.locked)
      throw new DomainError(JOURNAL_ERROR_CODES.JOURNAL_INVALID, JOURNAL_MESSAGES.lockedDefault);
    await this.journals.rename(journalId, { name: name?.trim(), color });
    if (isDefault && !membership.isDefault) await this.journals.makeDefault(caller.userId, journalId);
    if (position !== undefined) await this.journals.reorder(caller.userId, journalId, position);
    return this.one(caller.userId, journalId);
  }

  /**
   * Deletes one of the caller's journals. Memories they wrote there go to `moveTo` (another journal of theirs); every
   * other member's go back to that member's default journal. Without `moveTo` only an empty journal goes; the last
   * journal and the default journal never do.
   */
  async delete(context: MessageContext, payload: DeleteJournalPayload): Promise<DeletedJournal> {
    const caller = requireUser(context);
    const { journal, isDefault } = await this.access.requireOwner(caller, payload.journalId);
    if ((await this.journals.countOwned(caller.userId)) <= 1)
      throw conflict(JOURNAL_ERROR_CODES.JOURNAL_LAST_CONFLICT, JOURNAL_MESSAGES.lastJournal);
    if (isDefault) throw conflict(JOURNAL_ERROR_CODES.JOURNAL_DEFAULT_CONFLICT, JOURNAL_MESSAGES.defaultJournal);
    const [current] = await this.journals.listFor(caller.userId, journal.id);
    let target: string | undefined;
    if (payload.moveTo !== undefined) {
      if (payload.moveTo === journal.id)
        throw new DomainError(JOURNAL_ERROR_CODES.JOURNAL_INVALID, JOURNAL_MESSAGES.moveTarget);
      const destination = await this.access.requireOwner(caller, payload.moveTo);
      if (destination.journal.locked !== journal.locked)
        throw conflict(JOURNAL_ERROR_CODES.JOURNAL_LOCKED_CONFLICT, JOURNAL_MESSAGES.lockedMove);
      target = destination.journal.id;
    } else if (current.memoryCount > 0) {
      throw conflict(JOURNAL_ERROR_CODES.JOURNAL_NOT_EMPTY_CONFLICT, JOURNAL_MESSAGES.notEmpty);
    }
    const movedMemories = await this.journals.delete(journal.id, async (trx) => {
      const others = await this.journals.otherAuthors(trx, journal.id, caller.userId);
      const theirs = await this.defaults.takeBackMemories(trx, journal.id, others);
      const mine = target ? await this.journals.moveOwnMemories(trx, journal.id, target, caller.userId) : 0;
      return theirs + mine;
    });
    return { id: journal.id, movedMemories };
  }

  /** A locked journal's wrapped key, for its owner's browser. */
  async key(context: MessageContext, payload: JournalIdPayload): Promise<JournalKeyEnvelope> {
    const { journal } = await this.access.requireOwner(requireUser(context), payload.journalId);
    if (!journal.keyEnvelope) throw conflict(JOURNAL_ERROR_CODES.JOURNAL_LOCKED_CONFLICT, JOURNAL_MESSAGES.notLocked);
    return journal.keyEnvelope;
  }

  /** A new passphrase: the same journal key, wrapped again in the browser. */
  async rekey(
    context: MessageContext,
    payload: JournalIdPayload & { keyEnvelope: JournalKeyEnvelope },
  ): Promise<JournalRecord> {
    const caller = requireUser(context);
    const { journal } = await this.access.requireOwner(caller, payload.journalId);
    if (!journal.locked) throw conflict(JOURNAL_ERROR_CODES.JOURNAL_LOCKED_CONFLICT, JOURNAL_MESSAGES.notLocked);
    await this.journals.setKeyEnvelope(journal.id, payload.keyEnvelope);
    return this.one(caller.userId, journal.id);
  }

  async members(context: MessageContext, payload: JournalIdPayload): Promise<JournalMemberRecord[]> {
    await this.access.requireMember(requireUser(context), payload.journalId);
    return (await this.journals.members(payload.journalId)).map(toMember);
  }

  async addMember(context: MessageContext, payload: AddJournalMemberPayload): Promise<JournalMemberRecord> {
    const caller = requireUser(context);
    const { journal } = await this.access.requireOwner(caller, payload.journalId);
    if (journal.locked) throw conflict(JOURNAL_ERROR_CODES.JOURNAL_LOCKED_CONFLICT, JOURNAL_MESSAGES.lockedSharing);
    if (payload.userId === caller.userId)
      throw new DomainError(JOURNAL_ERROR_CODES.JOURNAL_MEMBER_INVALID, JOURNAL_MESSAGES.memberSelf);
    if (await this.journals.member(journal.id, payload.userId))
      throw conflict(JOURNAL_ERROR_CODES.JOURNAL_MEMBER_ALREADY_EXISTS, JOURNAL_MESSAGES.memberExists);
    if ((await this.journals.countMembers(journal.id)) > MAX_JOURNAL_MEMBERS)
      throw conflict(JOURNAL_ERROR_CODES.JOURNAL_LIMIT_CONFLICT, JOURNAL_MESSAGES.tooManyMembers);
    return toMember(await this.journals.addMember(journal.id, payload.userId, payload.role));
  }

  async updateMember(context: MessageContext, payload: UpdateJournalMemberPayload): Promise<JournalMemberRecord> {
    const caller = requireUser(context);
    await this.access.requireOwner(caller, payload.journalId);
    await this.requireOtherMember(payload.journalId, payload.userId);
    return toMember(await this.journals.setRole(payload.journalId, payload.userId, payload.role));
  }

  /** The owner removes a member, or a member leaves (their own id); what they wrote there goes back with them. */
  async removeMember(context: MessageContext, payload: RemoveJournalMemberPayload): Promise<{ removed: true }> {
    const caller = requireUser(context);
    const leaving = payload.userId === caller.userId;
    const membership = leaving
      ? await this.access.requireMember(caller, payload.journalId)
      : await this.access.requireOwner(caller, payload.journalId);
    if (leaving && membership.role === 'owner')
      throw new DomainError(JOURNAL_ERROR_CODES.JOURNAL_INVALID, JOURNAL_MESSAGES.ownerCannotLeave);
    if (!leaving) await this.requireOtherMember(payload.journalId, payload.userId);
    await this.journals.removeMember(payload.journalId, payload.userId, (trx) =>
      this.defaults.takeBackMemories(trx, payload.journalId, [payload.userId]),
    );
    return { removed: true };
  }

  private async requireOtherMember(journalId: string, userId: string): Promise<void> {
    const member = await this.journals.member(journalId, userId);
    if (!member || member.role === 'owner')
      throw new DomainError(JOURNAL_ERROR_CODES.JOURNAL_MEMBER_NOT_FOUND, JOURNAL_MESSAGES.memberNotFound);
  }

  private async one(userId: string, journalId: string): Promise<JournalRecord> {
    const [row] = await this.journals.listFor(userId, journalId);
    if (!row) throw journalNotFound(journalId);
    return toJournal(row);
  }
}
