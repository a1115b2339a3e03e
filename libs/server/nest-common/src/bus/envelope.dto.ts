import { IsNotEmpty, IsObject, IsOptional, IsString, MaxLength } from 'class-validator';
import type { HealthCheckRequest, MessageEnvelope } from '@memories/contracts';

/** Validates the envelope part of a bus message; subclasses add a typed, validated `payload`. */
export abstract class EnvelopeDto {
  @IsString()
  @IsNotEmpty()
  @MaxLength(128)
  correlationId!: string;

  @IsOptional()
  @IsString()
  @IsNotEmpty()
  userId?: string;
}

export class HealthCheckEnvelopeDto extends EnvelopeDto implements MessageEnvelope<HealthCheckRequest> {
  @IsObject()
  payload!: HealthCheckRequest;
}
