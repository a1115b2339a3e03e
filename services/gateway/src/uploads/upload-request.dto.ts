import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import type { PresignedUrlPayload } from '@memories/contracts';

export class PresignedUrlBodyDto implements PresignedUrlPayload {
  @ApiProperty({ example: 'holiday.jpg' })
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
