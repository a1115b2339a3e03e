import { MessagePattern, Payload } from '@nestjs/microservices';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsUUID, ValidateNested } from 'class-validator';
import {
  MAX_USAGE_USER_IDS,
  OWNER_COUNT_SUBJECTS,
  type OwnerCountsPayload,
  type OwnerCountsResult,
} from '@memories/contracts';
import { BusHandler, EnvelopeDto } from '@memories/nest-common';
import { AccountDataRepository } from './account-data.repository';

class OwnerCountsPayloadDto implements OwnerCountsPayload {
  @IsArray() @ArrayMaxSize(MAX_USAGE_USER_IDS) @IsUUID('all', { each: true }) ownerIds!: string[];
}

class OwnerCountsEnvelopeDto extends EnvelopeDto {
  @ValidateNested() @Type(() => OwnerCountsPayloadDto) payload!: OwnerCountsPayloadDto;
}

/** For the admin's users table (the gateway let only an admin ask): how many memories each account owns. */
@BusHandler()
export class OwnerCountsHandler {
  constructor(private readonly accounts: AccountDataRepository) {}

  @MessagePattern(OWNER_COUNT_SUBJECTS.counts)
  async counts(@Payload() message: OwnerCountsEnvelopeDto): Promise<OwnerCountsResult> {
    const counts = await this.accounts.memoryCounts(message.payload.ownerIds);
    return {
      counts: message.payload.ownerIds.map((ownerId) => ({ ownerId, memoryCount: counts.get(ownerId) ?? 0 })),
    };
  }
}
