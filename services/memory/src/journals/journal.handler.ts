import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  JOURNAL_SUBJECTS,
  type DeletedJournal,
  type JournalKeyEnvelope,
  type JournalMemberRecord,
  type JournalRecord,
} from '@memories/contracts';
import { BusHandler, EmptyEnvelopeDto } from '@memories/nest-common';
import {
  CreateJournalEnvelopeDto,
  DeleteJournalEnvelopeDto,
  JournalIdEnvelopeDto,
  JournalMemberEnvelopeDto,
  JournalMemberRoleEnvelopeDto,
  RekeyJournalEnvelopeDto,
  UpdateJournalEnvelopeDto,
} from './journal-envelope.dto';
import { JournalsService } from './journals.service';

/** Journals' and members' bus entry points: one line each, the rules live in JournalsService and JournalAccess. */
@BusHandler()
export class JournalHandler {
  constructor(private readonly journals: JournalsService) {}

  @MessagePattern(JOURNAL_SUBJECTS.list)
  list(@Payload() { payload: _none, ...context }: EmptyEnvelopeDto): Promise<JournalRecord[]> {
    return this.journals.list(context);
  }

  @MessagePattern(JOURNAL_SUBJECTS.create)
  create(@Payload() { payload, ...context }: CreateJournalEnvelopeDto): Promise<JournalRecord> {
    return this.journals.create(context, payload);
  }

  @MessagePattern(JOURNAL_SUBJECTS.update)
  update(@Payload() { payload, ...context }: UpdateJournalEnvelopeDto): Promise<JournalRecord> {
    return this.journals.update(context, payload);
  }

  @MessagePattern(JOURNAL_SUBJECTS.delete)
  delete(@Payload() { payload, ...context }: DeleteJournalEnvelopeDto): Promise<DeletedJournal> {
    return this.journals.delete(context, payload);
  }

  @MessagePattern(JOURNAL_SUBJECTS.key)
  key(@Payload() { payload, ...context }: JournalIdEnvelopeDto): Promise<JournalKeyEnvelope> {
    return this.journals.key(context, payload);
  }

  @MessagePattern(JOURNAL_SUBJECTS.rekey)
  rekey(@Payload() { payload, ...context }: RekeyJournalEnvelopeDto): Promise<JournalRecord> {
    return this.journals.rekey(context, payload);
  }

  @MessagePattern(JOURNAL_SUBJECTS.members)
  members(@Payload() { payload, ...context }: JournalIdEnvelopeDto): Promise<JournalMemberRecord[]> {
    return this.journals.members(context, payload);
  }

  @MessagePattern(JOURNAL_SUBJECTS.addMember)
  addMember(@Payload() { payload, ...context }: JournalMemberRoleEnvelopeDto): Promise<JournalMemberRecord> {
    return this.journals.addMember(context, payload);
  }

  @MessagePattern(JOURNAL_SUBJECTS.updateMember)
  updateMember(@Payload() { payload, ...context }: JournalMemberRoleEnvelopeDto): Promise<JournalMemberRecord> {
    return this.journals.updateMember(context, payload);
  }

  @MessagePattern(JOURNAL_SUBJECTS.removeMember)
  removeMember(@Payload() { payload, ...context }: JournalMemberEnvelopeDto): Promise<{ removed: true }> {
    return this.journals.removeMember(context, payload);
  }
}
