import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsOptional, IsString, MaxLength, ValidateIf } from 'class-validator';
import type {
  EmailPayload,
  LoginPayload,
  ProfileUpdatePayload,
  RegistrationPayload,
  TokenPayload,
} from '@memories/contracts';
import { CleanText } from '@memories/nest-common';

// HTTP bodies: types and sizes here (unknown fields, and control characters in any string but a name, are refused
// by the global pipe); the auth service applies the registration rules and answers with their messages.
export class RegisterRequestDto implements RegistrationPayload {
  @ApiProperty({ example: 'Ada Lovelace', description: 'First and last name joined by a space' })
  @CleanText()
  @IsString()
  @MaxLength(200)
  name!: string;
  @ApiProperty({ example: 'ada@example.com' }) @IsString() @MaxLength(320) email!: string;
  @ApiProperty({ minLength: 6 }) @IsString() @MaxLength(256) password!: string;
  @ApiProperty() @IsString() @MaxLength(256) confirmPassword!: string;
  @ApiPropertyOptional({ example: '+441234567890' }) @IsOptional() @IsString() @MaxLength(32) phoneNumber?: string;
  @ApiPropertyOptional({
    description: 'The token of an invite (the `invite` of its link): needed unless sign-up is open',
    example: 'Zm9yLWEtZnJpZW5kLW9mLXRoZS1mYW1pbHktb25seS0xMjM',
  })
  @IsOptional()
  @IsString()
  @MaxLength(128)
  inviteToken?: string;
}

export class LoginRequestDto implements LoginPayload {
  @ApiProperty({ example: 'ada@example.com' }) @IsString() @MaxLength(320) email!: string;
  @ApiProperty() @IsString() @MaxLength(256) password!: string;
  @ApiProperty({ description: 'true: the session survives the browser for 30 days' }) @IsBoolean() rememberMe!: boolean;
}

export class ProfileUpdateRequestDto implements ProfileUpdatePayload {
  // Leaving the name out keeps it; null is not a name (IsOptional would let it through).
  @ApiPropertyOptional()
  @ValidateIf((_, value) => value !== undefined)
  @CleanText()
  @IsString()
  @MaxLength(200)
  name?: string;
  @ApiPropertyOptional({ nullable: true, type: String })
  @ValidateIf((_, value) => value !== null)
  @IsOptional()
  @IsString()
  @MaxLength(32)
  phoneNumber?: string | null;
  @ApiPropertyOptional({ nullable: true, type: String })
  @ValidateIf((_, value) => value !== null)
  @IsOptional()
  @IsString()
  @MaxLength(2048)
  profileImageUrl?: string | null;
}

export class EmailRequestDto implements EmailPayload {
  @ApiProperty({ example: 'ada@example.com' }) @IsString() @MaxLength(320) email!: string;
}

export class TokenRequestDto implements TokenPayload {
  @ApiProperty({ description: 'The token of the verification link' }) @IsString() @MaxLength(128) token!: string;
}
