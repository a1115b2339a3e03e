import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  IsArray,
  ArrayMaxSize,
  IsBoolean,
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import {
  MAX_PASSKEY_NAME_LENGTH,
  type ChangePasswordPayload,
  type PasskeyLoginPayload,
  type PasskeyRegistrationPayload,
  type PasskeyRemovalPayload,
  type PasswordConfirmationPayload,
  type ResetPasswordPayload,
  type TwoFactorCodePayload,
  type TwoFactorLoginPayload,
} from '@memories/contracts';
import { CleanText } from '@memories/nest-common';

// The bodies of the account security endpoints: types and sizes (unknown fields are refused by the validation
// pipe). The gateway validates HTTP bodies with these classes and the auth service validates the same payloads
// again inside its bus envelopes; the rules that have messages of their own (passwords match, the code is right)
// are the service's.

const PASSWORD = 256;
const TOKEN = 128;
/** A signed two-factor challenge (an ES256 JWT) is ~400 characters. */
const CHALLENGE_TOKEN = 2048;
/** TOTP codes are 6 digits and recovery codes 19 characters; spaces and dashes typed along are ignored. */
const CODE = 32;
const BASE64URL = /^[A-Za-z0-9_-]*$/;
const BASE64URL_MESSAGE = (field: string) => `${field} must be base64url text`;

function Base64Url(maxLength: number): PropertyDecorator {
  return (target, key) => {
    IsString()(target, key);
    MaxLength(maxLength)(target, key);
    Matches(BASE64URL, { message: BASE64URL_MESSAGE(String(key)) })(target, key);
  };
}

export class ChangePasswordBodyDto implements ChangePasswordPayload {
  @ApiProperty() @IsString() @MaxLength(PASSWORD) currentPassword!: string;
  @ApiProperty({ minLength: 6 }) @IsString() @MaxLength(PASSWORD) newPassword!: string;
  @ApiProperty({ description: 'The new password again' }) @IsString() @MaxLength(PASSWORD) confirmPassword!: string;
}

export class ResetPasswordBodyDto implements ResetPasswordPayload {
  @ApiProperty({ description: 'The token of the reset link' }) @IsString() @MaxLength(TOKEN) token!: string;
  @ApiProperty({ minLength: 6 }) @IsString() @MaxLength(PASSWORD) newPassword!: string;
  @ApiProperty({ description: 'The new password again' }) @IsString() @MaxLength(PASSWORD) confirmPassword!: string;
  @ApiProperty({ required: false, description: 'Also remove every passkey of the account' })
  @IsOptional()
  @IsBoolean()
  removePasskeys?: boolean;
}

export class TwoFactorLoginBodyDto implements TwoFactorLoginPayload {
  @ApiProperty({ description: 'The challengeToken the first login step answered' })
  @IsString()
  @MaxLength(CHALLENGE_TOKEN)
  challengeToken!: string;
  @ApiProperty({
    description: 'A 6-digit code from the authenticator app, or an unused recovery code',
    example: '123456',
  })
  @IsString()
  @MaxLength(CODE)
  code!: string;
}

export class TwoFactorCodeBodyDto implements TwoFactorCodePayload {
  @ApiProperty({ description: 'The 6-digit code the authenticator app shows', example: '123456' })
  @IsString()
  @MaxLength(CODE)
  code!: string;
}

export class PasswordConfirmationBodyDto implements PasswordConfirmationPayload {
  @ApiProperty({ description: 'The account password' }) @IsString() @MaxLength(PASSWORD) password!: string;
}

export class PasskeyRemovalBodyDto implements PasskeyRemovalPayload {
  @ApiPropertyOptional({ description: 'The account password: required to remove the last passkey' })
  @IsOptional()
  @IsString()
  @MaxLength(PASSWORD)
  password?: string;
}

class AttestationResponseDto {
  @ApiProperty() @Base64Url(4096) clientDataJSON!: string;
  @ApiProperty() @Base64Url(32768) attestationObject!: string;
  @ApiPropertyOptional() @IsOptional() @Base64Url(4096) authenticatorData?: string;
  @ApiPropertyOptional({ type: [String] })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(8)
  @IsString({ each: true })
  @MaxLength(32, { each: true })
  transports?: string[];
  @ApiPropertyOptional() @IsOptional() @IsInt() publicKeyAlgorithm?: number;
  @ApiPropertyOptional() @IsOptional() @Base64Url(4096) publicKey?: string;
}

class AssertionResponseDto {
  @ApiProperty() @Base64Url(4096) clientDataJSON!: string;
  @ApiProperty() @Base64Url(4096) authenticatorData!: string;
  @ApiProperty() @Base64Url(1024) signature!: string;
  @ApiPropertyOptional() @IsOptional() @Base64Url(512) userHandle?: string;
}

/** What `@simplewebauthn/browser` hands back from `startRegistration` / `startAuthentication`. */
abstract class CredentialDto {
  @ApiProperty() @Base64Url(1024) id!: string;
  @ApiProperty() @Base64Url(1024) rawId!: string;
  @ApiProperty({ enum: ['public-key'] }) @IsIn(['public-key']) type!: 'public-key';
  @ApiPropertyOptional({ enum: ['platform', 'cross-platform'] })
  @IsOptional()
  @IsIn(['platform', 'cross-platform'])
  authenticatorAttachment?: string;
  @ApiProperty({ type: Object }) @IsObject() clientExtensionResults!: object;
}

export class RegistrationCredentialDto extends CredentialDto {
  @ApiProperty({ type: AttestationResponseDto })
  @IsObject()
  @ValidateNested()
  @Type(() => AttestationResponseDto)
  response!: AttestationResponseDto;
}

export class AuthenticationCredentialDto extends CredentialDto {
  @ApiProperty({ type: AssertionResponseDto })
  @IsObject()
  @ValidateNested()
  @Type(() => AssertionResponseDto)
  response!: AssertionResponseDto;
}

export class PasskeyRegistrationBodyDto implements PasskeyRegistrationPayload {
  @ApiProperty({ description: 'The challengeId of the registration options' }) @IsUUID() challengeId!: string;
  @ApiProperty({ type: RegistrationCredentialDto })
  @IsObject()
  @ValidateNested()
  @Type(() => RegistrationCredentialDto)
  response!: RegistrationCredentialDto;
  @ApiPropertyOptional({ maxLength: MAX_PASSKEY_NAME_LENGTH, example: 'Laptop' })
  @IsOptional()
  // A name the person types: a stray control character is cleaned away rather than refused.
  @CleanText()
  @IsString()
  @MaxLength(MAX_PASSKEY_NAME_LENGTH)
  name?: string;
}

export class PasskeyLoginBodyDto implements PasskeyLoginPayload {
  @ApiProperty({ description: 'The challengeId of the authentication options' }) @IsUUID() challengeId!: string;
  @ApiProperty({ type: AuthenticationCredentialDto })
  @IsObject()
  @ValidateNested()
  @Type(() => AuthenticationCredentialDto)
  response!: AuthenticationCredentialDto;
  @ApiProperty({ description: 'true: the session survives the browser for 30 days' }) @IsBoolean() rememberMe!: boolean;
}

/** The `{id}` of a session or a passkey. */
export class IdParams {
  @ApiProperty({ format: 'uuid' }) @IsUUID() id!: string;
}
