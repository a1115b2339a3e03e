import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { MAX_IMAGE_URLS_PER_QUERY, type CleanupImagesPayload, type PresignedUrlPayload } from '@memories/contracts';
import { CleanText } from '@memories/nest-common';

export class PresignedUrlBodyDto implements PresignedUrlPayload {
  @ApiProperty({ example: 'holiday.jpg' })
  @CleanText()
  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  fileName!: string;

  @ApiProperty({ example: 'image/jpeg', description: 'image/png, image/jpeg, image/gif, image/webp or image/avif' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  fileType!: string;
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
