import { Type } from 'class-transformer';
import { IsUUID, ValidateNested } from 'class-validator';
import type {
  MessageEnvelope,
  RemoveShareRecipientPayload,
  ShareRecipientsPayload,
  UsersConnectedPayload,
} from '@memories/contracts';
import { MemoryIdParams } from '@memories/memory-dto';
import { EnvelopeDto } from '@memories/nest-common';

class ShareRecipientsDto extends MemoryIdParams implements ShareRecipientsPayload {}

class RemoveShareRecipientDto extends MemoryIdParams implements RemoveShareRecipientPayload {
  @IsUUID('all', { message: 'userId must be a user id (UUID)' }) userId!: string;
}

class UsersConnectedDto implements UsersConnectedPayload {
  @IsUUID('all', { message: 'otherUserId must be a user id (UUID)' }) otherUserId!: string;
}

export class ShareRecipientsEnvelopeDto extends EnvelopeDto implements MessageEnvelope<ShareRecipientsPayload> {
  @ValidateNested() @Type(() => ShareRecipientsDto) payload!: ShareRecipientsDto;
}

export class RemoveShareRecipientEnvelopeDto
  extends EnvelopeDto
  implements MessageEnvelope<RemoveShareRecipientPayload>
{
  @ValidateNested() @Type(() => RemoveShareRecipientDto) payload!: RemoveShareRecipientDto;
}

export class UsersConnectedEnvelopeDto extends EnvelopeDto implements MessageEnvelope<UsersConnectedPayload> {
  @ValidateNested() @Type(() => UsersConnectedDto) payload!: UsersConnectedDto;
}
