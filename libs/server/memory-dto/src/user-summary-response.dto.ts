import { ApiProperty } from '@nestjs/swagger';
import type { UserSummary } from '@memories/contracts';

/** Another user as the API shows them (the share dialog, "Shared by", the e-mail look-up): nothing more than this. */
export class UserSummaryDto implements UserSummary {
  @ApiProperty({ format: 'uuid', example: '6f1c1f8e-3f0e-4a57-9c55-2a0c4f1f8f01' }) id!: string;
  @ApiProperty({ example: 'Ada Lovelace' }) name!: string;
  @ApiProperty({ example: 'ada@example.com' }) email!: string;
  @ApiProperty({ type: String, nullable: true, description: 'A file the user uploaded, or null', example: null })
  profileImageUrl!: string | null;
}
