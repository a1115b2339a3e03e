import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  MEMORY_CHANGE_KINDS,
  type Memory,
  type MemoryChangeKind,
  type MemoryVersion,
  type MemoryVersionContent,
  type MemoryVersionSummary,
  type Pagination,
  type RestoredMemoryVersion,
} from '@memories/contracts';

// OpenAPI shapes of the version-history answers (documentation only: the answers are built from the contracts' types).

class PaginationDoc implements Pagination {
  @ApiProperty({ description: 'Zero-based' }) currentPage!: number;
  @ApiProperty() pageSize!: number;
  @ApiProperty() totalPages!: number;
  @ApiProperty() totalElements!: number;
  @ApiProperty() hasPrevious!: boolean;
  @ApiProperty() hasNext!: boolean;
}

class MemoryVersionSummaryDoc implements MemoryVersionSummary {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'date-time', description: 'When this state was saved' }) savedAt!: string;
  @ApiProperty({ format: 'date-time', description: 'When a later change replaced it' }) replacedAt!: string;
  @ApiProperty({ enum: MEMORY_CHANGE_KINDS, description: 'What replaced it: a save, an auto-save or a restore' }) replacedBy!: MemoryChangeKind;
  @ApiProperty() title!: string;
  @ApiProperty() isDraft!: boolean;
  @ApiProperty() wordCount!: number;
  @ApiProperty({ type: Number, nullable: true, description: 'Against the version kept before it; null for the oldest' })
  wordCountDelta!: number | null;
}

class MemoryVersionContentDoc implements MemoryVersionContent {
  @ApiProperty() title!: string;
  @ApiProperty({ example: '2024-05-01T12:00:00' }) date!: string;
  @ApiProperty({ description: 'Plain text, one line per block' }) contentText!: string;
  @ApiProperty({ type: [String] }) tags!: string[];
  @ApiProperty() isDraft!: boolean;
  @ApiProperty() thumbnailUrl!: string;
  @ApiProperty() wordCount!: number;
}

class MemoryVersionDoc extends MemoryVersionSummaryDoc implements MemoryVersion {
  @ApiProperty({ format: 'uuid' }) memoryId!: string;
  @ApiProperty({ example: '2024-05-01T12:00:00' }) date!: string;
  @ApiProperty({ description: 'The editor document of this version (JSON text)' }) contentJson!: string;
  @ApiProperty({ description: 'Sanitised HTML rendered from contentJson' }) contentHtml!: string;
  @ApiProperty() contentText!: string;
  @ApiProperty({ type: [String] }) tags!: string[];
  @ApiProperty() thumbnailUrl!: string;
  @ApiProperty({ type: MemoryVersionContentDoc, description: 'The memory as it is now, to compare with' }) current!: MemoryVersionContentDoc;
}

class MemoryDoc implements Memory {
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
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ format: 'date-time' }) updatedAt!: string;
  @ApiProperty() viewCount!: number;
  @ApiProperty() likeCount!: number;
  @ApiProperty() commentCount!: number;
  @ApiProperty() wordCount!: number;
  @ApiProperty({ description: 'Minutes' }) readingTime!: number;
}

class RestoredMemoryVersionDoc implements RestoredMemoryVersion {
  @ApiProperty({ type: MemoryDoc }) memory!: MemoryDoc;
  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'Restore this version to undo; null when nothing changed' })
  undoVersionId!: string | null;
}

export class MemoryVersionListAnswer {
  @ApiProperty({ enum: [true] }) success!: true;
  @ApiProperty({ type: [MemoryVersionSummaryDoc], description: 'Newest first' }) data!: MemoryVersionSummaryDoc[];
  @ApiProperty({ type: PaginationDoc }) pagination!: PaginationDoc;
}

export class MemoryVersionAnswer {
  @ApiProperty({ enum: [true] }) success!: true;
  @ApiProperty({ type: MemoryVersionDoc }) data!: MemoryVersionDoc;
}

export class RestoredMemoryVersionAnswer {
  @ApiProperty({ enum: [true] }) success!: true;
  @ApiProperty({ type: RestoredMemoryVersionDoc }) data!: RestoredMemoryVersionDoc;
  @ApiProperty({ example: 'Version restored' }) message!: string;
}

class FailureDetailDoc {
  @ApiProperty({ example: 'MEMORY_NOT_FOUND' }) code!: string;
  @ApiPropertyOptional() detail?: unknown;
}

export class FailureAnswer {
  @ApiProperty({ enum: [false] }) success!: false;
  @ApiProperty() message!: string;
  @ApiProperty({ type: FailureDetailDoc }) error!: FailureDetailDoc;
}
