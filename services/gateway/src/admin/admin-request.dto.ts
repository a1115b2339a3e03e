import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  Equals,
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUUID,
  Max,
  MaxLength,
  Min,
  ValidateIf,
} from 'class-validator';
import {
  DEFAULT_INVITE_DAYS,
  MAX_INVITE_DAYS,
  MAX_STORAGE_QUOTA_MB,
  MAX_USER_SEARCH_LENGTH,
  SIGNUP_MODES,
  USER_ROLES,
  type AdminUserQuery,
  type AdminUserUpdate,
  type CreateInvitePayload,
  type InstanceSettings,
  type InviteCheckPayload,
  type SignupMode,
  type UserRole,
} from '@memories/contracts';
import { PageQueryDto } from '@memories/memory-dto';
import { CleanText } from '@memories/nest-common';

export class InstanceSettingsBodyDto implements InstanceSettings {
  @ApiProperty({ enum: SIGNUP_MODES, example: 'invite' })
  @IsIn(SIGNUP_MODES, { message: `signupMode must be one of ${SIGNUP_MODES.join(', ')}` })
  signupMode!: SignupMode;
}

export class CreateInviteBodyDto implements CreateInvitePayload {
  @ApiPropertyOptional({
    example: 'grace@example.com',
    description: 'Only this address may use the invite; it is mailed there when SMTP is configured',
  })
  @IsOptional()
  @IsString()
  @MaxLength(320)
  email?: string;

  @ApiPropertyOptional({ default: DEFAULT_INVITE_DAYS, minimum: 1, maximum: MAX_INVITE_DAYS })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_INVITE_DAYS)
  expiresInDays?: number;
}

export class InviteIdParams {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: 'id must be an invite id (UUID)' })
  id!: string;
}

export class InviteCheckBodyDto implements InviteCheckPayload {
  @ApiProperty({ description: 'The `invite` of the invite link (after #)' })
  @IsString()
  @MaxLength(128)
  inviteToken!: string;
}

export class AdminUserQueryDto extends PageQueryDto implements AdminUserQuery {
  @ApiPropertyOptional({ description: 'Accounts whose name or e-mail contains this (any letter case)' })
  @IsOptional()
  @CleanText()
  @IsString()
  @MaxLength(MAX_USER_SEARCH_LENGTH)
  q?: string;
}

export class AdminUserIdParams {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: 'id must be a user id (UUID)' })
  id!: string;
}

export class AdminUserUpdateBodyDto implements AdminUserUpdate {
  @ApiPropertyOptional({ description: 'true signs the account out everywhere at once and refuses its sign-ins' })
  @IsOptional()
  @IsBoolean()
  disabled?: boolean;

  @ApiPropertyOptional({ enum: USER_ROLES })
  @IsOptional()
  @IsIn(USER_ROLES, { message: `role must be one of ${USER_ROLES.join(', ')}` })
  role?: UserRole;

  @ApiPropertyOptional({
    type: Number,
    nullable: true,
    minimum: 1,
    maximum: MAX_STORAGE_QUOTA_MB,
    description: 'Megabytes of images and import archives; null: no quota',
  })
  @ValidateIf((_, value) => value !== null && value !== undefined)
  @IsInt()
  @Min(1)
  @Max(MAX_STORAGE_QUOTA_MB)
  storageQuotaMb?: number | null;

  @ApiPropertyOptional({
    enum: [true],
    description: 'Vouch for the address (it can then be found to share with where confirmation is required)',
  })
  @IsOptional()
  @Equals(true, { message: 'emailVerified can only be set to true' })
  emailVerified?: true;
}
