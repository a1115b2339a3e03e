import { Type } from 'class-transformer';
import { ValidateNested } from 'class-validator';
import { SearchQueryDto } from '@memories/memory-dto';
import { EnvelopeDto } from '@memories/nest-common';

/** The gateway validated the request with the same class; the service checks again what reaches the bus. */
export class MemorySearchEnvelopeDto extends EnvelopeDto {
  @ValidateNested()
  @Type(() => SearchQueryDto)
  payload!: SearchQueryDto;
}
