import { MessagePattern, Payload } from '@nestjs/microservices';
import { USER_SUBJECTS, type AccountDeletionsResult } from '@memories/contracts';
import { BusHandler } from '@memories/nest-common';
import { AccountDeletionsEnvelopeDto, DeleteAccountEnvelopeDto } from './account-envelope.dto';
import { AccountDeletionService } from './account-deletion.service';

/** Deleting accounts, and the record of deleted accounts other services follow. */
@BusHandler()
export class AccountHandler {
  constructor(private readonly accounts: AccountDeletionService) {}

  @MessagePattern(USER_SUBJECTS.delete)
  delete(@Payload() { payload, ...context }: DeleteAccountEnvelopeDto): Promise<{ deleted: true }> {
    return this.accounts.delete(context, payload);
  }

  @MessagePattern(USER_SUBJECTS.deletions)
  deletions(@Payload() message: AccountDeletionsEnvelopeDto): Promise<AccountDeletionsResult> {
    return this.accounts.deletions(message.payload);
  }
}
