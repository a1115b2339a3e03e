import { Type } from 'class-transformer';
import { IsOptional, IsString, MaxLength, ValidateNested } from 'class-validator';
import { MAX_USER_AGENT_LENGTH, type TwoFactorLoginRequest } from '@memories/contracts';
import {
  PasswordConfirmationBodyDto,
  TwoFactorCodeBodyDto,
  TwoFactorLoginBodyDto,
} from '@memories/account-security-dto';
import { EnvelopeDto } from '@memories/nest-common';
import { AuthenticatedEnvelopeDto, EmptyPayloadDto } from '../auth/auth-payload.dto';

class TwoFactorLoginRequestDto extends TwoFactorLoginBodyDto implements TwoFactorLoginRequest {
  @IsOptional() @IsString() @MaxLength(MAX_USER_AGENT_LENGTH) userAgent?: string;
}

/** The second login step: no user yet, the challenge says who. */
export class TwoFactorLoginEnvelopeDto extends EnvelopeDto {
  @ValidateNested() @Type(() => TwoFactorLoginRequestDto) payload!: TwoFactorLoginRequestDto;
}

export class TwoFactorEmptyEnvelopeDto extends AuthenticatedEnvelopeDto {
  @ValidateNested() @Type(() => EmptyPayloadDto) payload!: EmptyPayloadDto;
}

export class TwoFactorCodeEnvelopeDto extends AuthenticatedEnvelopeDto {
  @ValidateNested() @Type(() => TwoFactorCodeBodyDto) payload!: TwoFactorCodeBodyDto;
}

export class PasswordConfirmationEnvelopeDto extends AuthenticatedEnvelopeDto {
  @ValidateNested() @Type(() => PasswordConfirmationBodyDto) payload!: PasswordConfirmationBodyDto;
}
