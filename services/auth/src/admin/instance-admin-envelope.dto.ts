import { Type } from 'class-transformer';
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
  ValidateNested,
} from 'class-validator';
import {
  MAX_INVITE_DAYS,
  MAX_PAGE_SIZE,
  MAX_USER_SEARCH_LENGTH,
  SIGNUP_MODES,
  USER_ROLES,
  type AccountStatusPayload,
  type AccountUpdatePayload,
  type AdminUserQuery,
  type CreateInvitePayload,
  type InstanceSettings,
  type InviteCheckPayload,
  type InviteIdPayload,
  type SignupMode,
  type UserRole,
} from '@memories/contracts';
import { CleanText, EnvelopeDto } from '@memories/nest-common';
import { AuthenticatedEnvelopeDto, EmptyPayloadDto } from '../auth/auth-payload.dto';

// Validated again here (the gateway did): types and sizes; the rules are the service's.

class InstanceSettingsDto implements InstanceSettings {
  @IsIn(SIGNUP_MODES) signupMode!: SignupMode;
}

class CreateInvitePayloadDto implements CreateInvitePayload {
  @IsOptional() @IsString() @MaxLength(320) email?: string;
  @IsOptional() @IsInt() @Min(1) @Max(MAX_INVITE_DAYS) expiresInDays?: number;
}

class InviteIdPayloadDto implements InviteIdPayload {
  @IsUUID() id!: string;
}

class InviteCheckPayloadDto implements InviteCheckPayload {
  @IsString() @MaxLength(128) inviteToken!: string;
}

class AdminUserQueryDto implements AdminUserQuery {
  @IsOptional() @IsInt() @Min(0) page?: number;
  @IsOptional() @IsInt() @Min(1) @Max(MAX_PAGE_SIZE) size?: number;
  @IsOptional() @CleanText() @IsString() @MaxLength(MAX_USER_SEARCH_LENGTH) q?: string;
}

class AccountUpdatePayloadDto implements AccountUpdatePayload {
  @IsUUID() id!: string;
  @IsOptional() @IsBoolean() disabled?: boolean;
  @IsOptional() @IsIn(USER_ROLES) role?: UserRole;
  @IsOptional() @Equals(true) emailVerified?: true;
}

class AccountStatusPayloadDto implements AccountStatusPayload {
  @IsUUID() userId!: string;
}

export class AdminEmptyEnvelopeDto extends AuthenticatedEnvelopeDto {
  @ValidateNested() @Type(() => EmptyPayloadDto) payload!: EmptyPayloadDto;
}
export class InstanceSettingsEnvelopeDto extends AuthenticatedEnvelopeDto {
  @ValidateNested() @Type(() => InstanceSettingsDto) payload!: InstanceSettingsDto;
}
export class CreateInviteEnvelopeDto extends AuthenticatedEnvelopeDto {
  @ValidateNested() @Type(() => CreateInvitePayloadDto) payload!: CreateInvitePayloadDto;
}
export class InviteIdEnvelopeDto extends AuthenticatedEnvelopeDto {
  @ValidateNested() @Type(() => InviteIdPayloadDto) payload!: InviteIdPayloadDto;
}
export class AdminUserQueryEnvelopeDto extends AuthenticatedEnvelopeDto {
  @ValidateNested() @Type(() => AdminUserQueryDto) payload!: AdminUserQueryDto;
}
export class AccountUpdateEnvelopeDto extends AuthenticatedEnvelopeDto {
  @ValidateNested() @Type(() => AccountUpdatePayloadDto) payload!: AccountUpdatePayloadDto;
}

/** Public: no signed-in user. */
export class SignUpStateEnvelopeDto extends EnvelopeDto {
  @ValidateNested() @Type(() => EmptyPayloadDto) payload!: EmptyPayloadDto;
}
export class InviteCheckEnvelopeDto extends EnvelopeDto {
  @ValidateNested() @Type(() => InviteCheckPayloadDto) payload!: InviteCheckPayloadDto;
}
export class AccountStatusEnvelopeDto extends EnvelopeDto {
  @ValidateNested() @Type(() => AccountStatusPayloadDto) payload!: AccountStatusPayloadDto;
}
