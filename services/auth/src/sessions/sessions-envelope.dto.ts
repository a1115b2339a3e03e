import { Type } from 'class-transformer';
import { IsOptional, IsString, IsUUID, MaxLength, ValidateNested } from 'class-validator';
import type { CurrentSessionReference, SessionIdPayload } from '@memories/contracts';
import { AuthenticatedEnvelopeDto } from '../auth/auth-payload.dto';

class CurrentSessionReferenceDto implements CurrentSessionReference {
  @IsOptional() @IsString() @MaxLength(128) refreshToken?: string;
}

class SessionIdPayloadDto implements SessionIdPayload {
  @IsUUID() sessionId!: string;
}

export class CurrentSessionEnvelopeDto extends AuthenticatedEnvelopeDto {
  @ValidateNested() @Type(() => CurrentSessionReferenceDto) payload!: CurrentSessionReferenceDto;
}

export class SessionIdEnvelopeDto extends AuthenticatedEnvelopeDto {
  @ValidateNested() @Type(() => SessionIdPayloadDto) payload!: SessionIdPayloadDto;
}
