import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { AuthUser, UserSummary } from '@memories/contracts';

// OpenAPI shapes of the users answers (documentation only: the answers are built from the contracts' types).

export class UserSummaryDto implements UserSummary {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ example: 'Ada Lovelace' }) name!: string;
  @ApiProperty({ example: 'ada@example.com' }) email!: string;
  @ApiProperty({ type: String, nullable: true, example: '/api/files/users/<id>/<uuid>.webp' }) profileImageUrl!: string | null;
}

export class AuthUserDto extends UserSummaryDto implements AuthUser {
  @ApiProperty({ type: String, nullable: true }) phoneNumber!: string | null;
  @ApiProperty() emailVerified!: boolean;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
}

export class UserListAnswerDto {
  @ApiProperty({ example: true }) success!: true;
  @ApiProperty({ type: [UserSummaryDto], description: 'The one exact match, or empty' }) data!: UserSummaryDto[];
}

export class UserAnswerDto {
  @ApiProperty({ example: true }) success!: true;
  @ApiProperty({ type: AuthUserDto, description: 'Yourself: your whole profile; someone you share with: id, name, email, profileImageUrl' })
  data!: AuthUserDto;
  @ApiPropertyOptional() message?: string;
}

export class EmptyAnswerDto {
  @ApiProperty({ example: true }) success!: true;
  @ApiProperty({ type: 'null', nullable: true }) data!: null;
  @ApiProperty() message!: string;
}
