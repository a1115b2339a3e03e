import { Type } from 'class-transformer';
import { IsInt, IsString, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { RATE_LIMIT_SUBJECTS, type RateLimitHit, type RateLimitState } from '@memories/contracts';
import { BusHandler, EnvelopeDto } from '@memories/nest-common';
import { RateLimitRepository } from './rate-limit.repository';

class RateLimitHitDto implements RateLimitHit {
  @IsString() @MaxLength(128) key!: string;
  @IsInt() @Min(1) @Max(86_400_000) ttlMs!: number;
  @IsInt() @Min(1) @Max(1_000_000) limit!: number;
}

export class RateLimitHitEnvelopeDto extends EnvelopeDto {
  @ValidateNested() @Type(() => RateLimitHitDto) payload!: RateLimitHitDto;
}

/** The gateway's rate limits on the bus: one count for every replica. */
@BusHandler()
export class RateLimitsHandler {
  constructor(private readonly limits: RateLimitRepository) {}

  @MessagePattern(RATE_LIMIT_SUBJECTS.hit)
  hit(@Payload() message: RateLimitHitEnvelopeDto): Promise<RateLimitState> {
    return this.limits.hit(message.payload);
  }
}
