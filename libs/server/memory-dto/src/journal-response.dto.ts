import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  JOURNAL_ROLES,
  type DeletedJournal,
  type Journal,
  type JournalMember,
  type JournalRole,
} from '@memories/contracts';
import { UserSummaryDto } from './user-summary-response.dto';

export class JournalDto implements Journal {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ example: 'Travel' })
  name!: string;

  @ApiProperty({ example: '#3f6ad8' })
  color!: string;

  @ApiProperty({ enum: JOURNAL_ROLES, description: 'Your role in it' })
  role!: JournalRole;

  @ApiProperty({ description: 'End-to-end encrypted: the server holds only ciphertext' })
  locked!: boolean;

  @ApiProperty({ description: 'Where your new memories go when they name no journal' })
  isDefault!: boolean;

  @ApiProperty({ description: 'Memories in it, by every member' })
  memoryCount!: number;

  @ApiProperty({ description: 'The people it is shared with: its members besides its owner' })
  memberCount!: number;

  @ApiProperty({ description: 'Its place in your order of journals' })
  position!: number;

  // The owner, on journals shared with you.
  @ApiPropertyOptional({ type: UserSummaryDto })
  owner?: UserSummaryDto;
}

export class JournalMemberDto implements JournalMember {
  @ApiProperty({ format: 'uuid' })
  userId!: string;

  @ApiProperty()
  name!: string;

  @ApiProperty()
  email!: string;

  @ApiProperty({ type: String, nullable: true })
  profileImageUrl!: string | null;

  @ApiProperty({ enum: JOURNAL_ROLES })
  role!: JournalRole;

  @ApiProperty({ format: 'date-time' })
  joinedAt!: string;
}

export class DeletedJournalDto implements DeletedJournal {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ description: 'How many memories moved out of it' })
  movedMemories!: number;
}
