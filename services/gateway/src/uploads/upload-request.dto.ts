import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  IsArray,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUUID,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import { MAX_IMAGE_URLS_PER_QUERY, type CleanupImagesPayload, type PresignedUrlPayload } from '@memories/contracts';
import { CleanText } from '@memories/nest-common';

export class PresignedUrlBodyDto implements PresignedUrlPayload {
  @ApiProperty({ example: 'holiday.jpg' })
  @CleanText()
  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  fileName!: string;

  @ApiProperty({
    example: 'image/jpeg',
    description:
      'image/png, image/jpeg, image/gif, image/webp or image/avif; application/octet-stream for an image of a ' +
      'locked journal, encrypted in the browser (with journalId)',
  })
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  fileType!: string;

  @ApiPropertyOptional({
    example: 245760,
    description: 'The size in bytes, when known: a file that could not fit the storage quota is refused at once',
  })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(Number.MAX_SAFE_INTEGER)
  fileSize?: number;

  @ApiPropertyOptional({
    format: 'uuid',
    description: 'The locked journal (yours) an encrypted image is for; required with application/octet-stream',
  })
  @IsOptional()
  @IsUUID()
  journalId?: string;
}

export class CleanupImagesBodyDto implements CleanupImagesPayload {
  @ApiProperty({
    type: [String],
    example: ['/api/files/users/<userId>/<uuid>.png'],
    maxItems: MAX_IMAGE_URLS_PER_QUERY,
  })
  @IsArray()
  @ArrayMaxSize(MAX_IMAGE_URLS_PER_QUERY)
  @IsString({ each: true })
  @MaxLength(2048, { each: true })
  imageUrls!: string[];
}
