import { Type } from 'class-transformer';
import { ValidateNested } from 'class-validator';
import type { MemoryVersionListQuery, MemoryVersionPayload, MessageEnvelope } from '@memories/contracts';
import { MemoryIdParams, MemoryVersionParams, PageQueryDto } from '@memories/memory-dto';
import { EnvelopeDto } from '@memories/nest-common';

// The gateway validated the request with the same classes; the service checks again what reaches it on the bus.

class MemoryVersionListDto extends MemoryIdParams implements MemoryVersionListQuery {
  @ValidateNested()
  @Type(() => PageQueryDto)
  paging!: PageQueryDto;
}

export class MemoryVersionListEnvelopeDto extends EnvelopeDto implements MessageEnvelope<MemoryVersionListQuery> {
  @ValidateNested()
  @Type(() => MemoryVersionListDto)
  payload!: MemoryVersionListDto;
}

export class MemoryVersionEnvelopeDto extends EnvelopeDto implements MessageEnvelope<MemoryVersionPayload> {
  @ValidateNested()
  @Type(() => MemoryVersionParams)
  payload!: MemoryVersionParams;
}
