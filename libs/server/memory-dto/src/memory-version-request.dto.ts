import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsOptional, IsUUID } from 'class-validator';
import { Transform } from 'class-transformer';
import { MemoryIdParams } from './memory-request.dto';

/** `/memories/memory/{id}/versions/{versionId}`. */
export class MemoryVersionParams extends MemoryIdParams {
  @IsUUID('all', { message: 'versionId must be a version id (UUID)' })
  versionId!: string;
}

/**
 * Query of `PUT /memories/memory/{id}`: the editor marks its automatic saves, which collapse in the version history.
 */
export class UpdateMemoryQueryDto {
  @ApiPropertyOptional({ description: 'true for an automatic save: auto-saves within 10 minutes keep one version' })
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value))
  @IsBoolean({ message: 'autoSave must be true or false' })
  autoSave?: boolean;
}
