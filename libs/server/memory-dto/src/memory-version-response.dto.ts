import { ApiProperty, ApiPropertyOptional, OmitType } from '@nestjs/swagger';
import {
  MEMORY_CHANGE_KINDS,
  type MemoryChangeKind,
  type MemoryVersion,
  type MemoryVersionContent,
  type MemoryVersionSummary,
  type RestoredMemoryVersion,
} from '@memories/contracts';
import { SealedMemoryDto } from './journal-key.dto';
import { MemoryDto } from './memory-response.dto';

/** One kept version in the history list: the API document's schema of `MemoryVersionSummary`. */
export class MemoryVersionSummaryDto implements MemoryVersionSummary {
  @ApiProperty({ format: 'uuid', example: '7c1e2d3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f' }) id!: string;
  @ApiProperty({ format: 'date-time', description: 'When this state was saved', example: '2024-05-01T18:30:00.000Z' })
  savedAt!: string;
  @ApiProperty({
    format: 'date-time',
    description: 'When a later change replaced it',
    example: '2024-05-01T18:42:00.000Z',
  })
  replacedAt!: string;
  @ApiProperty({
    enum: MEMORY_CHANGE_KINDS,
    description: 'What replaced it: a save, an auto-save or a restore',
    example: 'save',
  })
  replacedBy!: MemoryChangeKind;
  @ApiProperty({ example: 'Harbour at dusk', description: 'Empty for a sealed version' }) title!: string;
  @ApiProperty({ example: true }) isDraft!: boolean;
  @ApiProperty({ type: 'integer', example: 4, description: '0 for a sealed version' }) wordCount!: number;
  @ApiProperty({
    type: 'integer',
    nullable: true,
    description: 'Against the version kept before it; null for the oldest kept and for a sealed version',
    example: 2,
  })
  wordCountDelta!: number | null;
  @ApiPropertyOptional({
    type: Boolean,
    enum: [true],
    description:
      'Present (true) only for a version of a locked journal’s memory: the server cannot read it; the one-version ' +
      'answer carries its ciphertext',
  })
  sealed?: true;
}

/** What a version keeps and a comparison shows. */
export class MemoryVersionContentDto implements MemoryVersionContent {
  @ApiProperty({ example: 'Harbour at dusk' }) title!: string;
  @ApiProperty({ example: '2024-05-01T12:00:00' }) date!: string;
  @ApiProperty({ description: 'Plain text, one line per block', example: 'Boats by the sea' }) contentText!: string;
  @ApiProperty({ type: [String], example: ['sea'] }) tags!: string[];
  @ApiProperty({ example: true }) isDraft!: boolean;
  @ApiProperty({ example: '' }) thumbnailUrl!: string;
  @ApiProperty({ type: 'integer', example: 4 }) wordCount!: number;
}

/** One kept version in full, with the memory as it is now. */
export class MemoryVersionDto extends OmitType(MemoryVersionSummaryDto, ['sealed']) implements MemoryVersion {
  @ApiProperty({ format: 'uuid', example: '3d2f0f7e-8a4b-5c1d-9e6f-0a1b2c3d4e5f' }) memoryId!: string;
  @ApiProperty({ example: '2024-05-01T12:00:00' }) date!: string;
  @ApiProperty({
    description: 'The editor document of this version (JSON text); empty for a sealed version',
    example: '{"type":"doc","content":[{"type":"paragraph","content":[{"type":"text","text":"Boats by the sea"}]}]}',
  })
  contentJson!: string;
  @ApiProperty({
    description: 'Rendered from contentJson when read, sanitised; empty for a sealed version',
    example: '<p>Boats by the sea</p>',
  })
  contentHtml!: string;
  @ApiProperty({
    description: 'Plain text, one line per block; empty for a sealed version',
    example: 'Boats by the sea',
  })
  contentText!: string;
  @ApiProperty({ type: [String], example: ['sea'] }) tags!: string[];
  @ApiProperty({ example: '' }) thumbnailUrl!: string;
  /**
   * The memory as it is now, to compare with; of a locked journal's memory only its date and draft flag (the rest is in
   * its ciphertext, which the browser opens). Said in the route's description: a description here would turn the
   * reference into an `allOf`, which the document's example answers do not follow.
   */
  @ApiProperty({ type: MemoryVersionContentDto }) current!: MemoryVersionContentDto;
  @ApiPropertyOptional({
    type: SealedMemoryDto,
    description:
      'Only for a version of a locked journal’s memory: its ciphertext and encrypted images as the browser sealed ' +
      'them then (the plaintext fields are empty)',
  })
  sealed?: SealedMemoryDto;
}

/** What a restore answers. */
export class RestoredMemoryVersionDto implements RestoredMemoryVersion {
  /** The memory as it now is. */
  @ApiProperty({ type: MemoryDto }) memory!: MemoryDto;
  @ApiProperty({
    type: String,
    format: 'uuid',
    nullable: true,
    description: 'The version that keeps what the restore replaced: restore it to undo; null when nothing changed',
    example: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  })
  undoVersionId!: string | null;
}
