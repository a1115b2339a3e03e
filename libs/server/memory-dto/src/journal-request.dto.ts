import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  IsEmail,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import {
  JOURNAL_COLOR_PATTERN,
  JOURNAL_MEMBER_ROLES,
  MAX_JOURNAL_NAME_LENGTH,
  MAX_JOURNALS_PER_OWNER,
  type JournalCreateInput,
  type JournalDeleteQuery,
  type JournalMemberInput,
  type JournalMemberRole,
  type JournalMemberRoleInput,
  type JournalUpdateInput,
} from '@memories/contracts';
import { CleanText } from '@memories/nest-common';
import { JournalKeyEnvelopeDto } from './journal-key.dto';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const COLOR_MESSAGE = 'color must be # and six hex digits';

export class JournalIdParams {
  @ApiProperty({ description: 'The journal id', example: '0b7d4c1e-2f3a-4b5c-8d9e-0f1a2b3c4d5e' })
  @IsUUID('all', { message: 'id must be a journal id (UUID)' })
  id!: string;
}

export class JournalMemberParams extends JournalIdParams {
  @IsUUID('all', { message: 'userId must be a user id (UUID)' })
  userId!: string;
}

export class CreateJournalDto implements JournalCreateInput {
  @ApiProperty({ example: 'Travel', maxLength: MAX_JOURNAL_NAME_LENGTH })
  @CleanText()
  @Transform(trim)
  @IsString()
  @IsNotEmpty({ message: 'name is required' })
  @MaxLength(MAX_JOURNAL_NAME_LENGTH)
  name!: string;

  @ApiPropertyOptional({ example: '#2e7d32', description: 'Left out: the first colour the caller does not use yet' })
  @IsOptional()
  @Matches(JOURNAL_COLOR_PATTERN, { message: COLOR_MESSAGE })
  color?: string;

  // Makes the journal locked: its key, wrapped in the browser (the server never sees the passphrase).
  @ApiPropertyOptional({ type: JournalKeyEnvelopeDto })
  // Left out is a plain journal; null is no key at all, refused (IsOptional would let it through as if left out).
  @ValidateIf((_fields, value) => value !== undefined)
  @IsObject({ message: 'keyEnvelope must be the journal key envelope' })
  @ValidateNested()
  @Type(() => JournalKeyEnvelopeDto)
  keyEnvelope?: JournalKeyEnvelopeDto;
}

export class UpdateJournalDto implements JournalUpdateInput {
  @ApiPropertyOptional({ example: 'Family', maxLength: MAX_JOURNAL_NAME_LENGTH })
  @IsOptional()
  @CleanText()
  @Transform(trim)
  @IsString()
  @IsNotEmpty({ message: 'name must not be empty' })
  @MaxLength(MAX_JOURNAL_NAME_LENGTH)
  name?: string;

  @ApiPropertyOptional({ example: '#c2410c' })
  @IsOptional()
  @Matches(JOURNAL_COLOR_PATTERN, { message: COLOR_MESSAGE })
  color?: string;

  @ApiPropertyOptional({ enum: [true], description: 'Makes this (one of your own journals) your default journal' })
  @IsOptional()
  @IsIn([true], { message: 'isDefault can only be set to true: make another journal the default instead' })
  isDefault?: boolean;

  @ApiPropertyOptional({ minimum: 0, description: 'Moves the journal to this place in your order of journals' })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(MAX_JOURNALS_PER_OWNER * 2)
  position?: number;
}

export class DeleteJournalQueryDto implements JournalDeleteQuery {
  @ApiPropertyOptional({ description: 'Another of your journals, to move the memories to' })
  @IsOptional()
  @IsUUID('all', { message: 'moveTo must be a journal id (UUID)' })
  moveTo?: string;
}

export class JournalMemberRoleDto implements JournalMemberRoleInput {
  @ApiProperty({ enum: JOURNAL_MEMBER_ROLES })
  @IsIn(JOURNAL_MEMBER_ROLES, { message: `role must be one of: ${JOURNAL_MEMBER_ROLES.join(', ')}` })
  role!: JournalMemberRole;
}

export class JournalMemberBodyDto extends JournalMemberRoleDto implements JournalMemberInput {
  @ApiProperty({ example: 'sam@example.com' })
  @Transform(trim)
  @IsEmail({}, { message: 'email must be an e-mail address' })
  @MaxLength(254)
  email!: string;
}

export class RekeyJournalDto {
  @ApiProperty({ type: JournalKeyEnvelopeDto })
  @ValidateNested()
  @Type(() => JournalKeyEnvelopeDto)
  keyEnvelope!: JournalKeyEnvelopeDto;
}
