import { Type } from 'class-transformer';
import { IsBoolean, IsOptional, IsString, IsUUID, Matches, MaxLength, ValidateNested } from 'class-validator';
import {
  MAX_RETURN_PATH_LENGTH,
  MAX_USER_AGENT_LENGTH,
  RETURN_PATH_PATTERN,
  type LinkedIdentityIdPayload,
  type SignInCallbackRequest,
  type SignInStartRequest,
} from '@memories/contracts';
import { LinkIdentityBodyDto } from '@memories/account-security-dto';
import { EnvelopeDto } from '@memories/nest-common';
import { AuthenticatedEnvelopeDto, EmptyPayloadDto } from '../auth/auth-payload.dto';

/** A callback's query string: a code, a state and an issuer, or an error with its description. */
const MAX_CALLBACK_QUERY_LENGTH = 8192;
const TOKEN = 128;

class SignInStartPayloadDto implements SignInStartRequest {
  @IsBoolean() rememberMe!: boolean;
  @IsOptional() @IsString() @MaxLength(MAX_RETURN_PATH_LENGTH) @Matches(RETURN_PATH_PATTERN) returnTo?: string;
  @IsOptional() @IsString() @MaxLength(TOKEN) inviteToken?: string;
}

class SignInCallbackPayloadDto implements SignInCallbackRequest {
  @IsString() @MaxLength(MAX_CALLBACK_QUERY_LENGTH) query!: string;
  @IsOptional() @IsString() @MaxLength(TOKEN) binding?: string;
  @IsOptional() @IsString() @MaxLength(MAX_USER_AGENT_LENGTH) userAgent?: string;
}

class LinkedIdentityIdPayloadDto implements LinkedIdentityIdPayload {
  @IsUUID() identityId!: string;
}

/** Asked before anyone signed in: the login page, the start and the callback. */
export class SignInOptionsEnvelopeDto extends EnvelopeDto {
  @ValidateNested() @Type(() => EmptyPayloadDto) payload!: EmptyPayloadDto;
}

export class SignInStartEnvelopeDto extends EnvelopeDto {
  @ValidateNested() @Type(() => SignInStartPayloadDto) payload!: SignInStartPayloadDto;
}

export class SignInCallbackEnvelopeDto extends EnvelopeDto {
  @ValidateNested() @Type(() => SignInCallbackPayloadDto) payload!: SignInCallbackPayloadDto;
}

export class LinkStartEnvelopeDto extends AuthenticatedEnvelopeDto {
  @ValidateNested() @Type(() => LinkIdentityBodyDto) payload!: LinkIdentityBodyDto;
}

export class LinkedIdentitiesEnvelopeDto extends AuthenticatedEnvelopeDto {
  @ValidateNested() @Type(() => EmptyPayloadDto) payload!: EmptyPayloadDto;
}

export class LinkedIdentityIdEnvelopeDto extends AuthenticatedEnvelopeDto {
  @ValidateNested() @Type(() => LinkedIdentityIdPayloadDto) payload!: LinkedIdentityIdPayloadDto;
}
