import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { Memory } from '@memories/contracts';
import { UserSummaryDto } from '../users/users-response.dto';

// OpenAPI shapes of the memory answers (documentation only: the answers are built from the contracts' types).

export class MemoryDto implements Memory {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() title!: string;
  @ApiProperty({ example: '2024-05-01T12:00:00' }) date!: string;
  @ApiProperty({ description: 'Derived from contentJson and sanitised by the server' }) contentHtml!: string;
  @ApiProperty({ description: 'The editor document as JSON text' }) contentJson!: string;
  @ApiProperty({ type: [String] }) tags!: string[];
  @ApiProperty() isDraft!: boolean;
  @ApiProperty() thumbnailUrl!: string;
  @ApiProperty({ type: [String], description: 'User ids of the recipients' }) sharedWith!: string[];
  @ApiProperty() userEmail!: string;
  @ApiProperty({ format: 'uuid' }) ownerId!: string;
  @ApiPropertyOptional({ type: UserSummaryDto, description: 'Only for a recipient: who shared it' }) sharedBy?: UserSummaryDto;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ format: 'date-time' }) updatedAt!: string;
  @ApiProperty() viewCount!: number;
  @ApiProperty() likeCount!: number;
  @ApiProperty() commentCount!: number;
  @ApiProperty() wordCount!: number;
  @ApiProperty({ description: 'Minutes' }) readingTime!: number;
}

export class MemoryAnswerDto {
  @ApiProperty({ example: true }) success!: true;
  @ApiProperty({ type: MemoryDto }) data!: MemoryDto;
  @ApiPropertyOptional() message?: string;
}

export class RecipientsAnswerDto {
  @ApiProperty({ example: true }) success!: true;
  @ApiProperty({ type: [UserSummaryDto] }) data!: UserSummaryDto[];
}
