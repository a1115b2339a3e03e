import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsDefined,
  IsOptional,
  IsString,
  IsUUID,
  MaxLength,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import {
  MAX_USER_AGENT_LENGTH,
  type ChangePasswordRequest,
  type EmailPayload,
  type LoginRequest,
  type LogoutRequest,
  type ProfileUpdatePayload,
  type RefreshRequest,
  type RegistrationPayload,
  type TokenPayload,
  type UserLookupRequest,
} from '@memories/contracts';
import { ChangePasswordBodyDto, ResetPasswordBodyDto } from '@memories/account-security-dto';
import { CleanText, EnvelopeDto } from '@memories/nest-common';

// Bus payloads are validated again here (the gateway already did): types and sizes; the rules and their messages
// are applied by the service.
const TEXT = 320;
const PASSWORD = 256;
const TOKEN = 128;

export class RegistrationPayloadDto implements RegistrationPayload {
  @CleanText() @IsString() @MaxLength(200) name!: string;
  @IsString() @MaxLength(TEXT) email!: string;
  @IsString() @MaxLength(PASSWORD) password!: string;
  @IsString() @MaxLength(PASSWORD) confirmPassword!: string;
  @IsOptional() @IsString() @MaxLength(32) phoneNumber?: string;
  @IsOptional() @IsString() @MaxLength(TOKEN) inviteToken?: string;
}

export class LoginPayloadDto implements LoginRequest {
  @IsString() @MaxLength(TEXT) email!: string;
  @IsString() @MaxLength(PASSWORD) password!: string;
  @IsBoolean() rememberMe!: boolean;
  @IsOptional() @IsString() @MaxLength(MAX_USER_AGENT_LENGTH) userAgent?: string;
}

export class RefreshPayloadDto implements RefreshRequest {
  @IsString() @MaxLength(TOKEN) refreshToken!: string;
  @IsOptional() @IsString() @MaxLength(MAX_USER_AGENT_LENGTH) userAgent?: string;
}

export class LogoutPayloadDto implements LogoutRequest {
  @IsOptional() @IsString() @MaxLength(TOKEN) refreshToken?: string;
}

export class EmptyPayloadDto {}

export class ProfileUpdatePayloadDto implements ProfileUpdatePayload {
  // Leaving the name out keeps it; null is not a name (IsOptional would let it through).
  @ValidateIf((_, value) => value !== undefined) @CleanText() @IsString() @MaxLength(200) name?: string;
  @IsOptional() @IsString() @MaxLength(32) phoneNumber?: string | null;
  @IsOptional() @IsString() @MaxLength(2048) profileImageUrl?: string | null;
}

export class ChangePasswordPayloadDto extends ChangePasswordBodyDto implements ChangePasswordRequest {
  @IsOptional() @IsString() @MaxLength(TOKEN) refreshToken?: string;
}

export class EmailPayloadDto implements EmailPayload {
  @IsString() @MaxLength(TEXT) email!: string;
}

export class TokenPayloadDto implements TokenPayload {
  @IsString() @MaxLength(TOKEN) token!: string;
}

export class UserLookupPayloadDto implements UserLookupRequest {
  @IsArray() @ArrayMaxSize(1000) @IsUUID('all', { each: true }) ids!: string[];
}

/** An envelope whose user the gateway authenticated; services trust this id and nothing from the body. */
export abstract class AuthenticatedEnvelopeDto extends EnvelopeDto {
  @IsDefined() @IsUUID() override userId!: string;
}

export class RegisterEnvelopeDto extends EnvelopeDto {
  @ValidateNested() @Type(() => RegistrationPayloadDto) payload!: RegistrationPayloadDto;
}
export class LoginEnvelopeDto extends EnvelopeDto {
  @ValidateNested() @Type(() => LoginPayloadDto) payload!: LoginPayloadDto;
}
export class RefreshEnvelopeDto extends EnvelopeDto {
  @ValidateNested() @Type(() => RefreshPayloadDto) payload!: RefreshPayloadDto;
}
export class LogoutEnvelopeDto extends EnvelopeDto {
  @ValidateNested() @Type(() => LogoutPayloadDto) payload!: LogoutPayloadDto;
}
export class GetProfileEnvelopeDto extends AuthenticatedEnvelopeDto {
  @ValidateNested() @Type(() => EmptyPayloadDto) payload!: EmptyPayloadDto;
}
export class UpdateProfileEnvelopeDto extends AuthenticatedEnvelopeDto {
  @ValidateNested() @Type(() => ProfileUpdatePayloadDto) payload!: ProfileUpdatePayloadDto;
}
export class ChangePasswordEnvelopeDto extends AuthenticatedEnvelopeDto {
  @ValidateNested() @Type(() => ChangePasswordPayloadDto) payload!: ChangePasswordPayloadDto;
}
export class EmailEnvelopeDto extends EnvelopeDto {
  @ValidateNested() @Type(() => EmailPayloadDto) payload!: EmailPayloadDto;
}
export class ResetPasswordEnvelopeDto extends EnvelopeDto {
  @ValidateNested() @Type(() => ResetPasswordBodyDto) payload!: ResetPasswordBodyDto;
}
export class TokenEnvelopeDto extends EnvelopeDto {
  @ValidateNested() @Type(() => TokenPayloadDto) payload!: TokenPayloadDto;
}

export class UserLookupEnvelopeDto extends EnvelopeDto {
  @ValidateNested() @Type(() => UserLookupPayloadDto) payload!: UserLookupPayloadDto;
}
