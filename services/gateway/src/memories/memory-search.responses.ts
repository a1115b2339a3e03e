import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { MemorySearchHit, MemorySearchInfo } from '@memories/contracts';
import { PaginationResponse, successResponseOf } from '../http/api-envelope.responses';

// OpenAPI shapes of the search answer (the types themselves are the contracts' interfaces).

class MemorySearchHitResponse implements MemorySearchHit {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() title!: string;
  @ApiProperty({ example: '2024-05-01T12:00:00' }) date!: string;
  @ApiProperty() contentHtml!: string;
  @ApiProperty() contentJson!: string;
  @ApiProperty({ type: [String] }) tags!: string[];
  @ApiProperty() isDraft!: boolean;
  @ApiProperty() thumbnailUrl!: string;
  @ApiProperty({ type: [String] }) sharedWith!: string[];
  @ApiProperty() userEmail!: string;
  @ApiProperty() createdAt!: string;
  @ApiProperty() updatedAt!: string;
  @ApiProperty() viewCount!: number;
  @ApiProperty() likeCount!: number;
  @ApiProperty() commentCount!: number;
  @ApiProperty() wordCount!: number;
  @ApiProperty() readingTime!: number;
  @ApiProperty({
    example: '… we walked to the <mark>lighthouse</mark> at dawn …',
    description: 'Where the words matched: escaped text with the matches in <mark>; no other markup',
  })
  highlight!: string;
}

class MemorySearchInfoResponse implements MemorySearchInfo {
  @ApiProperty({ type: PaginationResponse }) pagination!: PaginationResponse;
  @ApiPropertyOptional({ example: 'mountain lake', description: "When nothing matched: the query with misspelt words replaced by the caller's own words" })
  suggestion?: string;
  @ApiProperty({ description: 'More memories matched than the 200 a search considers' }) limited!: boolean;
}

export const MemorySearchResponse = successResponseOf('MemorySearchAnswer', MemorySearchHitResponse, { isArray: true, extra: MemorySearchInfoResponse });
