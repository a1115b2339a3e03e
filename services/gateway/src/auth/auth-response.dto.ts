import { ApiProperty } from '@nestjs/swagger';
import { USER_ROLES, type AuthSession, type AuthUser, type UserRole } from '@memories/contracts';

/** The signed-in user as the API answers it (never the password hash). */
export class AuthUserDto implements AuthUser {
  @ApiProperty({ format: 'uuid', example: '6f1c1f8e-3f0e-4a57-9c55-2a0c4f1f8f01' }) id!: string;
  @ApiProperty({ example: 'Ada Lovelace' }) name!: string;
  @ApiProperty({ example: 'ada@example.com' }) email!: string;
  @ApiProperty({ type: String, nullable: true, example: '+441234567890' }) phoneNumber!: string | null;
  @ApiProperty({ type: String, nullable: true, example: null }) profileImageUrl!: string | null;
  @ApiProperty({ example: true }) emailVerified!: boolean;
  @ApiProperty({ format: 'date-time', example: '2024-05-01T18:30:00.000Z' }) createdAt!: string;
  @ApiProperty({ enum: USER_ROLES, example: 'member', description: 'An admin also manages accounts and sign-up' })
  role!: UserRole;
}

/** A session as the client holds it: the refresh token stays in its HttpOnly cookie. */
export class AuthSessionDto implements AuthSession {
  @ApiProperty({
    description: 'Send as `Authorization: Bearer <accessToken>`; valid 15 minutes, then call POST /api/auth/refresh',
    example: 'eyJhbGciOiJFUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiI2ZjFjIn0.c2lnbmF0dXJl',
  })
  accessToken!: string;
  @ApiProperty({ type: AuthUserDto }) user!: AuthUserDto;
}
