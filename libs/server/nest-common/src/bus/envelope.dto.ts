import { Transform } from 'class-transformer';
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

class EmptyPayloadDto {}

/** A request that carries nothing but who asks (an absent payload reads as `{}`). */
export class EmptyEnvelopeDto extends EnvelopeDto {
  @IsObject()
  @Transform(({ value }: { value: unknown }) => value ?? {})
  payload!: EmptyPayloadDto;
}
