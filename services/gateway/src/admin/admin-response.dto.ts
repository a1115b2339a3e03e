import { ApiProperty } from '@nestjs/swagger';
import {
  SIGNUP_MODES,
  USER_ROLES,
  type AdminUser,
  type CreatedInvite,
  type InstanceSettings,
  type InviteCheck,
  type InviteSummary,
  type SignUpState,
  type SignupMode,
  type StorageUsage,
  type UserRole,
} from '@memories/contracts';

const ID_EXAMPLE = '6f1c1f8e-3f0e-4a57-9c55-2a0c4f1f8f01';
const TIME_EXAMPLE = '2024-05-01T18:30:00.000Z';

export class InstanceSettingsDto implements InstanceSettings {
  @ApiProperty({ enum: SIGNUP_MODES, example: 'invite' }) signupMode!: SignupMode;
}

export class SignUpStateDto implements SignUpState {
  @ApiProperty({
    enum: SIGNUP_MODES,
    example: 'open',
    description: 'open: anyone may sign up; invite or closed: only with an invite (an empty instance is open)',
  })
  signupMode!: SignupMode;
}

export class InviteSummaryDto implements InviteSummary {
  @ApiProperty({ format: 'uuid', example: ID_EXAMPLE }) id!: string;
  @ApiProperty({ type: String, nullable: true, example: 'grace@example.com' }) email!: string | null;
  @ApiProperty({ format: 'date-time', example: TIME_EXAMPLE }) createdAt!: string;
  @ApiProperty({ format: 'date-time', example: TIME_EXAMPLE }) expiresAt!: string;
}

export class CreatedInviteDto extends InviteSummaryDto implements CreatedInvite {
  @ApiProperty({
    example: 'https://memories.example.com/register#invite=Zm9yLWEtZnJpZW5k',
    description: 'The link to send: shown only now (the server keeps a hash of its token)',
  })
  url!: string;
  @ApiProperty({ example: 'Zm9yLWEtZnJpZW5k' }) token!: string;
  @ApiProperty({ example: false, description: 'It was also e-mailed to `email` (SMTP configured)' }) mailed!: boolean;
}

export class InviteCheckDto implements InviteCheck {
  @ApiProperty({
    type: String,
    nullable: true,
    example: 'grace@example.com',
    description: 'The only address it admits',
  })
  email!: string | null;
  @ApiProperty({ format: 'date-time', example: TIME_EXAMPLE }) expiresAt!: string;
}

export class AdminUserDto implements AdminUser {
  @ApiProperty({ format: 'uuid', example: ID_EXAMPLE }) id!: string;
  @ApiProperty({ example: 'ada@example.com' }) email!: string;
  @ApiProperty({ example: 'Ada Lovelace' }) name!: string;
  @ApiProperty({ enum: USER_ROLES, example: 'member' }) role!: UserRole;
  @ApiProperty({ example: false }) disabled!: boolean;
  @ApiProperty({ example: true }) emailVerified!: boolean;
  @ApiProperty({ format: 'date-time', example: TIME_EXAMPLE }) createdAt!: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, example: TIME_EXAMPLE }) lastActiveAt!:
    string | null;
  @ApiProperty({ example: 42 }) memoryCount!: number;
  @ApiProperty({ example: 1048576, description: 'Bytes of images and waiting import archives' })
  storageBytes!: number;
  @ApiProperty({ type: Number, nullable: true, example: 500, description: 'null: no quota' })
  storageQuotaMb!: number | null;
}

export class StorageUsageDto implements StorageUsage {
  @ApiProperty({ format: 'uuid', example: ID_EXAMPLE }) userId!: string;
  @ApiProperty({ example: 1048576 }) storageBytes!: number;
  @ApiProperty({ type: Number, nullable: true, example: 500, description: 'null: no quota' })
  storageQuotaMb!: number | null;
}
