import { Type } from 'class-transformer';
import { IsDefined, IsInt, IsString, IsUUID, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import {
  MAX_ACCOUNT_DELETIONS_PER_PAGE,
  type AccountDeletionsPayload,
  type DeleteAccountPayload,
  type MessageEnvelope,
} from '@memories/contracts';
import { EnvelopeDto } from '@memories/nest-common';

class DeleteAccountPayloadDto implements DeleteAccountPayload {
  @IsString() @MaxLength(256) password!: string;
}

class AccountDeletionsPayloadDto implements AccountDeletionsPayload {
  @IsInt() @Min(0) after!: number;
  @IsInt() @Min(1) @Max(MAX_ACCOUNT_DELETIONS_PER_PAGE) limit!: number;
}

/** Only the gateway sends it, for the user whose access token it verified. */
export class DeleteAccountEnvelopeDto extends EnvelopeDto implements MessageEnvelope<DeleteAccountPayload> {
  @IsDefined() @IsUUID() override userId!: string;
  @ValidateNested() @Type(() => DeleteAccountPayloadDto) payload!: DeleteAccountPayloadDto;
}

export class AccountDeletionsEnvelopeDto extends EnvelopeDto implements MessageEnvelope<AccountDeletionsPayload> {
  @ValidateNested() @Type(() => AccountDeletionsPayloadDto) payload!: AccountDeletionsPayloadDto;
}
