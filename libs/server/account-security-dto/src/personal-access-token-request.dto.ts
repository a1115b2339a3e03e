import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import {
  MAX_TOKEN_EXPIRY_DAYS,
  MAX_TOKEN_NAME_LENGTH,
  TOKEN_MESSAGES,
  TOKEN_SCOPES,
  type CreateTokenPayload,
  type TokenScope,
} from '@memories/contracts';
import { CleanText } from '@memories/nest-common';

/** `POST /api/tokens`, checked at the gateway and again by the auth service. */
export class CreateTokenBodyDto implements CreateTokenPayload {
  @ApiProperty({ example: 'Nightly backup', maxLength: MAX_TOKEN_NAME_LENGTH })
  @CleanText()
  @IsString()
  @IsNotEmpty({ message: TOKEN_MESSAGES.nameRequired })
  @MaxLength(MAX_TOKEN_NAME_LENGTH)
  name!: string;

  @ApiProperty({ enum: TOKEN_SCOPES, description: '`read`: read only; `write`: also create, change and delete' })
  @IsIn(TOKEN_SCOPES)
  scope!: TokenScope;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: MAX_TOKEN_EXPIRY_DAYS, description: 'None: never' })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_TOKEN_EXPIRY_DAYS)
  expiresInDays?: number;
}
