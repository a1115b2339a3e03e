import { Injectable } from '@nestjs/common';
import {
  JOURNAL_ERROR_CODES,
  JOURNAL_MESSAGES,
  JOURNAL_SUBJECTS,
  USER_SUBJECTS,
  type ApiSuccess,
  type CallerContext,
  type DeletedJournal,
  type Journal,
  type JournalCreateInput,
  type JournalKeyEnvelope,
  type JournalMember,
  type JournalMemberInput,
  type JournalMemberRecord,
  type JournalMemberRole,
  type JournalRecord,
  type JournalUpdateInput,
  type Memory,
  type MemoryListQuery,
} from '@memories/contracts';
import { BusClient, DomainError } from '@memories/nest-common';
import { ok } from '../http/api-response.util';
import type { JsonReply } from '../http/json-reply';
import { UserDirectory } from '../memories/user-directory';

/**
 * The journal endpoints over the bus. The gateway adds what only the auth service knows (members' names and e-mails,
 * the account behind an e-mail) before and after the memory service, which owns journals and decides who may do what.
 */
@Injectable()
export class JournalsService {
  constructor(
    private readonly bus: BusClient,
    private readonly users: UserDirectory,
  ) {}

  async list(caller: CallerContext): Promise<ApiSuccess<Journal[]>> {
    return ok(await this.withOwners(caller, await this.bus.request(JOURNAL_SUBJECTS.list, {}, caller)));
  }

  async create(caller: CallerContext, input: JournalCreateInput): Promise<ApiSuccess<Journal>> {
    const [journal] = await this.withOwners(caller, [await this.bus.request(JOURNAL_SUBJECTS.create, input, caller)]);
    return ok(journal, { message: JOURNAL_MESSAGES.created });
  }

  async update(caller: CallerContext, journalId: string, changes: JournalUpdateInput): Promise<ApiSuccess<Journal>> {
    const record = await this.bus.request(JOURNAL_SUBJECTS.update, { journalId, ...changes }, caller);
    const [journal] = await this.withOwners(caller, [record]);
    return ok(journal, { message: JOURNAL_MESSAGES.updated });
  }

  async delete(caller: CallerContext, journalId: string, moveTo?: string): Promise<ApiSuccess<DeletedJournal>> {
    const payload = { journalId, ...(moveTo === undefined ? {} : { moveTo }) };
    return ok(await this.bus.request(JOURNAL_SUBJECTS.delete, payload, caller), { message: JOURNAL_MESSAGES.deleted });
  }

  async key(caller: CallerContext, journalId: string): Promise<ApiSuccess<JournalKeyEnvelope>> {
    return ok(await this.bus.request(JOURNAL_SUBJECTS.key, { journalId }, caller));
  }

  async rekey(caller: CallerContext, journalId: string, keyEnvelope: JournalKeyEnvelope): Promise<ApiSuccess<Journal>> {
    const record = await this.bus.request(JOURNAL_SUBJECTS.rekey, { journalId, keyEnvelope }, caller);
    const [journal] = await this.withOwners(caller, [record]);
    return ok(journal, { message: JOURNAL_MESSAGES.rekeyed });
  }

  async memories(
    caller: CallerContext,
    journalId: string,
    query: MemoryListQuery,
  ): Promise<JsonReply<ApiSuccess<Memory[]>>> {
    const page = await this.bus.requestJson(JOURNAL_SUBJECTS.memories, { ...query, journalId }, caller);
    return this.users.pageWithSharedBy(page, caller);
  }

  async members(caller: CallerContext, journalId: string): Promise<ApiSuccess<JournalMember[]>> {
    return ok(await this.withPeople(caller, await this.bus.request(JOURNAL_SUBJECTS.members, { journalId }, caller)));
  }

  /** The same exact, verified-account e-mail look-up as sharing a memory; nobody found is a 400 that says so. */
  async addMember(
    caller: CallerContext,
    journalId: string,
    input: JournalMemberInput,
  ): Promise<ApiSuccess<JournalMember>> {
    const [user] = (await this.bus.request(USER_SUBJECTS.findByEmail, { email: input.email }, caller)).users;
    if (!user) throw new DomainError(JOURNAL_ERROR_CODES.JOURNAL_MEMBER_INVALID, JOURNAL_MESSAGES.memberUnknown);
    const member = await this.bus.request(
      JOURNAL_SUBJECTS.addMember,
      { journalId, userId: user.id, role: input.role },
      caller,
    );
    const [shown] = await this.withPeople(caller, [member]);
    return ok(shown, { message: JOURNAL_MESSAGES.memberAdded });
  }

  async updateMember(
    caller: CallerContext,
    journalId: string,
    userId: string,
    role: JournalMemberRole,
  ): Promise<ApiSuccess<JournalMember>> {
    const member = await this.bus.request(JOURNAL_SUBJECTS.updateMember, { journalId, userId, role }, caller);
    const [shown] = await this.withPeople(caller, [member]);
    return ok(shown, { message: JOURNAL_MESSAGES.memberUpdated });
  }

  async removeMember(caller: CallerContext, journalId: string, userId: string): Promise<ApiSuccess<null>> {
    await this.bus.request(JOURNAL_SUBJECTS.removeMember, { journalId, userId }, caller);
    return ok(null, { message: userId === caller.userId ? JOURNAL_MESSAGES.left : JOURNAL_MESSAGES.memberRemoved });
  }

  /** The owner of each journal shared with the caller, as the caller may see them; their own journals carry none. */
  private async withOwners(caller: CallerContext, records: JournalRecord[]): Promise<Journal[]> {
    const others = records.filter((record) => record.ownerId !== caller.userId).map((record) => record.ownerId);
    const owners = new Map((await this.users.summaries(others, caller)).map((user) => [user.id, user]));
    return records.map(({ ownerId, ...journal }) => {
      const owner = owners.get(ownerId);
      return owner ? { ...journal, owner } : journal;
    });
  }

  /** Members with their names and e-mails; an account deleted meanwhile is left out. */
  private async withPeople(caller: CallerContext, members: JournalMemberRecord[]): Promise<JournalMember[]> {
    const people = new Map(
      (
        await this.users.summaries(
          members.map((member) => member.userId),
          caller,
        )
      ).map((user) => [user.id, user]),
    );
    return members.flatMap((member) => {
      const person = people.get(member.userId);
      return person
        ? [{ ...member, name: person.name, email: person.email, profileImageUrl: person.profileImageUrl }]
        : [];
    });
  }
}
