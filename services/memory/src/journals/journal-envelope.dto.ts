import { Type } from 'class-transformer';
import { IsIn, IsOptional, IsUUID, ValidateNested } from 'class-validator';
import {
  JOURNAL_MEMBER_ROLES,
  type AddJournalMemberPayload,
  type DeleteJournalPayload,
  type JournalIdPayload,
  type JournalMemberRole,
  type RemoveJournalMemberPayload,
} from '@memories/contracts';
import { CreateJournalDto, JournalKeyEnvelopeDto, UpdateJournalDto } from '@memories/memory-dto';
import { EnvelopeDto } from '@memories/nest-common';

// The gateway validated the HTTP request with the same classes (@memories/memory-dto); the service checks again what
// reaches it over the bus.

class JournalIdDto implements JournalIdPayload {
  @IsUUID()
  journalId!: string;
}

class UpdateJournalPayloadDto extends UpdateJournalDto implements JournalIdPayload {
  @IsUUID()
  journalId!: string;
}

class DeleteJournalDto extends JournalIdDto implements DeleteJournalPayload {
  @IsOptional()
  @IsUUID()
  moveTo?: string;
}

class RekeyJournalPayloadDto extends JournalIdDto {
  @ValidateNested()
  @Type(() => JournalKeyEnvelopeDto)
  keyEnvelope!: JournalKeyEnvelopeDto;
}

class JournalMemberDto extends JournalIdDto implements RemoveJournalMemberPayload {
  @IsUUID()
  userId!: string;
}

class JournalMemberRoleDto extends JournalMemberDto implements AddJournalMemberPayload {
  @IsIn(JOURNAL_MEMBER_ROLES)
  role!: JournalMemberRole;
}

export class CreateJournalEnvelopeDto extends EnvelopeDto {
  @ValidateNested()
  @Type(() => CreateJournalDto)
  payload!: CreateJournalDto;
}

export class UpdateJournalEnvelopeDto extends EnvelopeDto {
  @ValidateNested()
  @Type(() => UpdateJournalPayloadDto)
  payload!: UpdateJournalPayloadDto;
}

export class DeleteJournalEnvelopeDto extends EnvelopeDto {
  @ValidateNested()
  @Type(() => DeleteJournalDto)
  payload!: DeleteJournalDto;
}

export class JournalIdEnvelopeDto extends EnvelopeDto {
  @ValidateNested()
  @Type(() => JournalIdDto)
  payload!: JournalIdDto;
}

export class RekeyJournalEnvelopeDto extends EnvelopeDto {
  @ValidateNested()
  @Type(() => RekeyJournalPayloadDto)
  payload!: RekeyJournalPayloadDto;
}

export class JournalMemberEnvelopeDto extends EnvelopeDto {
  @ValidateNested()
  @Type(() => JournalMemberDto)
  payload!: JournalMemberDto;
}

export class JournalMemberRoleEnvelopeDto extends EnvelopeDto {
  @ValidateNested()
  @Type(() => JournalMemberRoleDto)
  payload!: JournalMemberRoleDto;
}
