import { Inject, Logger, type Type as Class } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { Type } from 'class-transformer';
import { IsUUID, ValidateNested } from 'class-validator';
import { USER_EVENTS, type MessageEnvelope, type UserDeletedEvent } from '@memories/contracts';
import { BusHandler } from '../bus/bus-handler.decorator';
import { EnvelopeDto } from '../bus/envelope.dto';
import { lineOf } from '../logging/request-line';
import type { AccountDeletionFollower } from './account-deletion-follower';

class UserDeletedEventDto implements UserDeletedEvent {
  @IsUUID() userId!: string;
}

export class UserDeletedEnvelopeDto extends EnvelopeDto implements MessageEnvelope<UserDeletedEvent> {
  @ValidateNested() @Type(() => UserDeletedEventDto) payload!: UserDeletedEventDto;
}

/**
 * The `auth.user.deleted` entry point of a service whose follower purges a user's data: every replica purges at once
 * (idempotent); a failure is logged and the follower's catch-up from the record of deletions deletes it later.
 */
export function createAccountDeletionHandler(follower: Class<AccountDeletionFollower>): Class<unknown> {
  @BusHandler()
  class AccountDeletionHandler {
    private readonly logger = new Logger(AccountDeletionHandler.name);

    constructor(@Inject(follower) private readonly purger: AccountDeletionFollower) {}

    @EventPattern(USER_EVENTS.deleted)
    async userDeleted(@Payload() { payload, ...context }: UserDeletedEnvelopeDto): Promise<void> {
      await this.purger.purge(payload.userId, context).catch((error: unknown) => {
        this.logger.warn(lineOf(context, `data of deleted account ${payload.userId} not purged yet: ${String(error)}`));
      });
    }
  }
  return AccountDeletionHandler;
}
