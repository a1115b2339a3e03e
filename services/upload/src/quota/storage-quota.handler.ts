import { MessagePattern, Payload } from '@nestjs/microservices';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsDefined, IsInt, IsUUID, Max, Min, ValidateIf, ValidateNested } from 'class-validator';
import {
  MAX_STORAGE_QUOTA_MB,
  MAX_USAGE_USER_IDS,
  STORAGE_SUBJECTS,
  type StorageQuotaPayload,
  type StorageUsage,
  type StorageUsagePayload,
  type StorageUsageResult,
} from '@memories/contracts';
import { BusHandler, EnvelopeDto } from '@memories/nest-common';
import { StorageQuotaService } from './storage-quota.service';

class StorageUsagePayloadDto implements StorageUsagePayload {
  @IsArray() @ArrayMaxSize(MAX_USAGE_USER_IDS) @IsUUID('all', { each: true }) userIds!: string[];
}

class StorageQuotaPayloadDto implements StorageQuotaPayload {
  @IsUUID() userId!: string;
  @ValidateIf((_, value) => value !== null) @IsInt() @Min(1) @Max(MAX_STORAGE_QUOTA_MB) storageQuotaMb!: number | null;
}

class EmptyPayloadDto {}

abstract class CallerEnvelopeDto extends EnvelopeDto {
  @IsDefined() @IsUUID() override userId!: string;
}
class StorageUsageEnvelopeDto extends EnvelopeDto {
  @ValidateNested() @Type(() => StorageUsagePayloadDto) payload!: StorageUsagePayloadDto;
}
class StorageQuotaEnvelopeDto extends CallerEnvelopeDto {
  @ValidateNested() @Type(() => StorageQuotaPayloadDto) payload!: StorageQuotaPayloadDto;
}
class OwnStorageEnvelopeDto extends CallerEnvelopeDto {
  @ValidateNested() @Type(() => EmptyPayloadDto) payload!: EmptyPayloadDto;
}

/** Storage and quotas on the bus: one line each. */
@BusHandler()
export class StorageQuotaHandler {
  constructor(private readonly storage: StorageQuotaService) {}

  @MessagePattern(STORAGE_SUBJECTS.usage)
  usage(@Payload() message: StorageUsageEnvelopeDto): Promise<StorageUsageResult> {
    return this.storage.usage(message.payload);
  }

  @MessagePattern(STORAGE_SUBJECTS.setQuota)
  setQuota(@Payload() { payload, ...context }: StorageQuotaEnvelopeDto): Promise<StorageUsage> {
    return this.storage.setQuota(context, payload);
  }

  @MessagePattern(STORAGE_SUBJECTS.mine)
  mine(@Payload() { payload: _payload, ...context }: OwnStorageEnvelopeDto): Promise<StorageUsage> {
    return this.storage.mine(context);
  }
}
