import { ApiProperty } from '@nestjs/swagger';
import type { CleanupImagesResult, PresignedUrl } from '@memories/contracts';

export class PresignedUrlDto implements PresignedUrl {
  @ApiProperty({
    description: 'Where to PUT the bytes, once, with the granted type as Content-Type, within 5 minutes',
    example:
      '/api/upload/files/users/6f1c1f8e-3f0e-4a57-9c55-2a0c4f1f8f01/0b7e6c1a-52c4-4d7e-8a51-6f0f4c3b9d21.png?expires=1795592320&signature=WtCNggxaBUnIS4deX-gXlE_fM2UjjAB39W-aXaoSxmY',
  })
  uploadUrl!: string;
  @ApiProperty({
    description: 'The URL to use in content once the PUT succeeded',
    example: '/api/files/users/6f1c1f8e-3f0e-4a57-9c55-2a0c4f1f8f01/0b7e6c1a-52c4-4d7e-8a51-6f0f4c3b9d21.png',
  })
  fileUrl!: string;
}

export class CleanupImagesResultDto implements CleanupImagesResult {
  @ApiProperty({
    type: 'integer',
    description: 'How many of the given URLs were the caller’s unused files, now deleted',
    example: 1,
  })
  deleted!: number;
}
