import { Type } from 'class-transformer';
import { IsOptional, IsString, IsUUID, MaxLength, ValidateNested } from 'class-validator';
import { MAX_USER_AGENT_LENGTH, type PasskeyLoginRequest, type PasskeyRemovalRequest } from '@memories/contracts';
import { PasskeyLoginBodyDto, PasskeyRegistrationBodyDto, PasskeyRemovalBodyDto } from '@memories/account-security-dto';
import { EnvelopeDto } from '@memories/nest-common';
import { AuthenticatedEnvelopeDto, EmptyPayloadDto } from '../auth/auth-payload.dto';

class PasskeyLoginRequestDto extends PasskeyLoginBodyDto implements PasskeyLoginRequest {
  @IsOptional() @IsString() @MaxLength(MAX_USER_AGENT_LENGTH) userAgent?: string;
}

class PasskeyRemovalRequestDto extends PasskeyRemovalBodyDto implements PasskeyRemovalRequest {
  @IsUUID() passkeyId!: string;
}

export class PasskeyLoginEnvelopeDto extends EnvelopeDto {
  @ValidateNested() @Type(() => PasskeyLoginRequestDto) payload!: PasskeyLoginRequestDto;
}

/** The sign-in options: nobody is signed in yet. */
export class PasskeyOptionsEnvelopeDto extends EnvelopeDto {
  @ValidateNested() @Type(() => EmptyPayloadDto) payload!: EmptyPayloadDto;
}

export class PasskeyEmptyEnvelopeDto extends AuthenticatedEnvelopeDto {
  @ValidateNested() @Type(() => EmptyPayloadDto) payload!: EmptyPayloadDto;
}

export class PasskeyRegistrationEnvelopeDto extends AuthenticatedEnvelopeDto {
  @ValidateNested() @Type(() => PasskeyRegistrationBodyDto) payload!: PasskeyRegistrationBodyDto;
}

export class PasskeyRemovalEnvelopeDto extends AuthenticatedEnvelopeDto {
  @ValidateNested() @Type(() => PasskeyRemovalRequestDto) payload!: PasskeyRemovalRequestDto;
}
