import { ApiProperty } from '@nestjs/swagger';
import {
  TOKEN_SCOPES,
  type CreatedPersonalAccessToken,
  type PersonalAccessToken,
  type TokenScope,
} from '@memories/contracts';

// The `data` of the tokens answers, for the API document.

export class PersonalAccessTokenDto implements PersonalAccessToken {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ example: 'Nightly backup' }) name!: string;
  @ApiProperty({ enum: TOKEN_SCOPES }) scope!: TokenScope;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ format: 'date-time', type: String, nullable: true, description: 'null: never expires' })
  expiresAt!: string | null;
  @ApiProperty({ format: 'date-time', type: String, nullable: true, description: 'To within a minute' })
  lastUsedAt!: string | null;
}

export class CreatedPersonalAccessTokenDto extends PersonalAccessTokenDto implements CreatedPersonalAccessToken {
  @ApiProperty({
    example: 'mem_pat_Zk8YhQ6tTPrKYm2XbvoyGvHZpPNYpH0Xb3u9W1p6H0c',
    description: 'Send as `Authorization: Bearer <token>`. Shown only in this answer',
  })
  token!: string;
}
