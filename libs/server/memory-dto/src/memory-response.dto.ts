import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { Memory } from '@memories/contracts';
import { SealedMemoryDto } from './journal-key.dto';
import { MemoryPlainFieldsDto } from './memory-plain-fields.dto';
import { UserSummaryDto } from './user-summary-response.dto';

/** A memory as every answer carries it (spec section 3): the API document's schema of `Memory`. */
export class MemoryDto extends MemoryPlainFieldsDto implements Memory {
  @ApiProperty({ format: 'uuid', example: '3d2f0f7e-8a4b-5c1d-9e6f-0a1b2c3d4e5f' }) id!: string;
  @ApiProperty({ example: 'Harbour at dusk' }) title!: string;
  @ApiProperty({
    description: 'ISO date-time; a bare date sent by the client got 12:00:00',
    example: '2024-05-01T12:00:00',
  })
  date!: string;
  @ApiProperty({ description: 'Derived on the server from contentJson, sanitised', example: '<p>Boats by the sea</p>' })
  contentHtml!: string;
  @ApiProperty({
    description: 'The serialised editor document (JSON text), normalised by the server',
    example: '{"type":"doc","content":[{"type":"paragraph","content":[{"type":"text","text":"Boats by the sea"}]}]}',
  })
  contentJson!: string;
  @ApiProperty({ type: [String], example: ['sea'] }) tags!: string[];
  @ApiProperty({ example: false }) isDraft!: boolean;
  @ApiProperty({ description: 'One of the images in the content, or empty', example: '' }) thumbnailUrl!: string;
  @ApiProperty({ type: [String], description: 'Ids of the users it is shared with', example: [] })
  sharedWith!: string[];
  @ApiProperty({ description: 'The owner’s e-mail address', example: 'ada@example.com' }) userEmail!: string;
  @ApiProperty({ format: 'uuid', description: 'The owner’s user id', example: '6f1c1f8e-3f0e-4a57-9c55-2a0c4f1f8f01' })
  ownerId!: string;
  @ApiPropertyOptional({
    type: UserSummaryDto,
    description: 'Only in answers to a user it is shared with: who shared it',
  })
  sharedBy?: UserSummaryDto;
  @ApiProperty({ format: 'date-time', example: '2024-05-01T18:30:00.000Z' }) createdAt!: string;
  @ApiProperty({ format: 'date-time', example: '2024-05-01T18:30:00.000Z' }) updatedAt!: string;
  @ApiProperty({ type: 'integer', example: 0 }) viewCount!: number;
  @ApiProperty({ type: 'integer', example: 0 }) likeCount!: number;
  @ApiProperty({ type: 'integer', example: 0 }) commentCount!: number;
  @ApiProperty({ type: 'integer', example: 4 }) wordCount!: number;
  @ApiProperty({ type: 'integer', description: 'Minutes', example: 1 }) readingTime!: number;
  @ApiProperty({
    type: 'integer',
    minimum: 1,
    description:
      'The concurrency token: 1 when created, one more with every update, publish and share; send it with a save',
    example: 1,
  })
  version!: number;
  @ApiProperty({
    format: 'uuid',
    description: 'The journal it belongs to',
    example: '0b7d4c1e-2f3a-4b5c-8d9e-0f1a2b3c4d5e',
  })
  journalId!: string;
  // Only on a memory of a locked journal, whose title, content and tags are then empty: the browser opens it.
  @ApiPropertyOptional({ type: SealedMemoryDto })
  sealed?: SealedMemoryDto;
}
