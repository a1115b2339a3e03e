import { Injectable } from '@nestjs/common';
import { JOURNAL_ERROR_CODES, JOURNAL_MESSAGES, JOURNAL_SUBJECTS, type MessageContext } from '@memories/contracts';
import { BusClient, DomainError } from '@memories/nest-common';

/** The memory service's answer on journals: this service never reads the journal tables itself. */
@Injectable()
export class LockedJournalsClient {
  constructor(private readonly bus: BusClient) {}

  /**
   * Refuses unless `journalId` is a locked journal the caller owns (the only place an encrypted image may go): 404
   * for a journal that is not theirs, whether or not it exists, as every journal route answers; 409 for a plain one.
   */
  async requireOwnLocked(context: MessageContext, journalId: string | undefined): Promise<void> {
    const journal = journalId
      ? (await this.bus.request(JOURNAL_SUBJECTS.list, {}, context)).find((each) => each.id === journalId)
      : undefined;
    if (!journal || journal.role !== 'owner')
      throw new DomainError(JOURNAL_ERROR_CODES.JOURNAL_NOT_FOUND, JOURNAL_MESSAGES.notFound, { id: journalId });
    if (!journal.locked) throw new DomainError(JOURNAL_ERROR_CODES.JOURNAL_LOCKED_CONFLICT, JOURNAL_MESSAGES.notLocked);
  }
}
