import { ApiProperty } from '@nestjs/swagger';
import type {
  AccountSession,
  PasskeyCeremonyOptions,
  PasskeySummary,
  RecoveryCodes,
  SignedOutSessions,
  TwoFactorChallenge,
  TwoFactorSetup,
  TwoFactorStatus,
} from '@memories/contracts';

// The `data` of the account security answers, for the API document.

export class AccountSessionDto implements AccountSession {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ example: 'Chrome on Linux' }) browser!: string;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ format: 'date-time', description: 'The last sign-in or token refresh of this device' })
  lastUsedAt!: string;
  @ApiProperty({ description: 'The session of the browser that asked' }) current!: boolean;
}

export class TwoFactorChallengeDto implements TwoFactorChallenge {
  @ApiProperty({ enum: [true] }) twoFactorRequired!: true;
  @ApiProperty({ description: 'Send it with the code to POST /auth/login/two-factor; it grants nothing else' })
  challengeToken!: string;
  @ApiProperty({ format: 'date-time' }) expiresAt!: string;
}

export class TwoFactorStatusDto implements TwoFactorStatus {
  @ApiProperty() enabled!: boolean;
  @ApiProperty({ type: 'integer', example: 10 }) recoveryCodesLeft!: number;
}

export class TwoFactorSetupDto implements TwoFactorSetup {
  @ApiProperty({ description: 'Base32, to type into an app that cannot scan', example: 'JBSWY3DPEHPK3PXP' })
  secret!: string;
  @ApiProperty({ example: 'otpauth://totp/Memories:ada%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Memories' })
  otpauthUrl!: string;
  @ApiProperty({ description: 'The otpauth URL as an SVG QR code (data URL)' }) qrCodeDataUrl!: string;
}

export class RecoveryCodesDto implements RecoveryCodes {
  @ApiProperty({ type: [String], description: 'Shown once; each signs in once', example: ['abcd-efgh-jkmn-pqrs'] })
  recoveryCodes!: string[];
}

export class PasskeySummaryDto implements PasskeySummary {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ example: 'Laptop' }) name!: string;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) lastUsedAt!: string | null;
}

export class PasskeyCeremonyOptionsDto implements PasskeyCeremonyOptions {
  @ApiProperty({ format: 'uuid', description: 'Send it back with the authenticator’s answer' }) challengeId!: string;
  @ApiProperty({
    type: Object,
    description: 'PublicKeyCredentialCreationOptionsJSON or PublicKeyCredentialRequestOptionsJSON',
  })
  options!: object;
  @ApiProperty({ example: 'http://localhost:3000', description: 'The only origin passkeys work at (PUBLIC_URL)' })
  origin!: string;
}

export class SignedOutSessionsDto implements SignedOutSessions {
  @ApiProperty({ type: 'integer', description: 'How many other sessions were signed out', example: 2 })
  signedOut!: number;
}
