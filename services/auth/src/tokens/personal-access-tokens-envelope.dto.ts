import { Type } from 'class-transformer';
import { IsString, IsUUID, MaxLength, ValidateNested } from 'class-validator';
import type { TokenIdPayload, VerifyTokenPayload } from '@memories/contracts';
import { CreateTokenBodyDto } from '@memories/account-security-dto';
import { EnvelopeDto } from '@memories/nest-common';
import { AuthenticatedEnvelopeDto, EmptyPayloadDto } from '../auth/auth-payload.dto';

class TokenIdPayloadDto implements TokenIdPayload {
  @IsUUID() id!: string;
}

class VerifyTokenPayloadDto implements VerifyTokenPayload {
  @IsString() @MaxLength(200) token!: string;
}

export class CreateTokenEnvelopeDto extends AuthenticatedEnvelopeDto {
  @ValidateNested() @Type(() => CreateTokenBodyDto) payload!: CreateTokenBodyDto;
}

export class TokenListEnvelopeDto extends AuthenticatedEnvelopeDto {
  @ValidateNested() @Type(() => EmptyPayloadDto) payload!: EmptyPayloadDto;
}

export class TokenIdEnvelopeDto extends AuthenticatedEnvelopeDto {
  @ValidateNested() @Type(() => TokenIdPayloadDto) payload!: TokenIdPayloadDto;
}

/** Asked by the gateway and the upload service before anyone is authenticated. */
export class VerifyTokenEnvelopeDto extends EnvelopeDto {
  @ValidateNested() @Type(() => VerifyTokenPayloadDto) payload!: VerifyTokenPayloadDto;
}
