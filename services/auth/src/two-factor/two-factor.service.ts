import { Injectable, Logger } from '@nestjs/common';
import {
  ACCOUNT_SECURITY_ERROR_CODES,
  ACCOUNT_SECURITY_MESSAGES,
  type PasswordConfirmationPayload,
  type RecoveryCodes,
  type SessionGrant,
  type TwoFactorChallenge,
  type TwoFactorCodePayload,
  type TwoFactorLoginRequest,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '@memories/contracts';
import { DomainError } from '@memories/nest-common';
import { AccountGuard } from '../account-security/account-guard';
import { Clock } from '../crypto/clock';
import { SecretTokenGenerator } from '../crypto/secret-token.generator';
import { SessionIssuer } from '../sessions/session-issuer';
import { PasswordLoginPolicy } from '../single-sign-on/password-login.policy';
import { UserRepository } from '../users/user.repository';
import { generateRecoveryCodes, isTotpCode, normalizeCode } from './recovery-codes';
import { TotpAuthenticator } from './totp-authenticator';
import { TotpSecretBox } from './totp-secret-box';
import { TwoFactorChallengeSigner } from './two-factor-challenge';
import { TwoFactorRepository } from './two-factor.repository';

/**
 * Codes (right or wrong) one account may try in the login's second step per window, whatever address they come from.
 */
export const TWO_FACTOR_ATTEMPT_LIMIT = 5;
export const TWO_FACTOR_ATTEMPT_WINDOW_MS = 5 * 60_000;

/**
 * Two-factor sign-in with TOTP: set-up confirmed by a first code, 10 single-use recovery codes, the login's second
 * step, and turning it off (with the password).
 */
@Injectable()
export class TwoFactorService {
  private readonly logger = new Logger(TwoFactorService.name);

  constructor(
    private readonly repository: TwoFactorRepository,
    private readonly users: UserRepository,
    private readonly totp: TotpAuthenticator,
    private readonly secretBox: TotpSecretBox,
    private readonly challenges: TwoFactorChallengeSigner,
    private readonly sessions: SessionIssuer,
    private readonly account: AccountGuard,
    private readonly secrets: SecretTokenGenerator,
    private readonly clock: Clock,
    private readonly passwordLogin: PasswordLoginPolicy,
  ) {}

  async status(userId: string): Promise<TwoFactorStatus> {
    const record = await this.repository.find(userId);
    const enabled = record?.enabledAt != null;
    return { enabled, recoveryCodesLeft: enabled ? await this.repository.countRecoveryCodesLeft(userId) : 0 };
  }

  /**
   * A new secret to scan, once the password is confirmed (whoever holds the secret passes the second step); replaces
   * an earlier set-up that was never confirmed.
   */
  async setup(userId: string, { password }: PasswordConfirmationPayload): Promise<TwoFactorSetup> {
    const user = await this.account.confirmPassword(userId, password);
    const secret = this.totp.newSecret();
    if (!(await this.repository.savePending(userId, this.secretBox.seal(secret)))) throw this.alreadyOn();
    const otpauthUrl = this.totp.otpauthUrl(user.email, secret);
    return { secret, otpauthUrl, qrCodeDataUrl: await this.totp.qrCodeDataUrl(otpauthUrl) };
  }

  /**
   * The first code proves the app has the secret: two-factor sign-in goes on, and the recovery codes are shown once.
   */
  async enable(userId: string, { code }: TwoFactorCodePayload): Promise<RecoveryCodes> {
    const record = await this.repository.find(userId);
    if (record?.enabledAt) throw this.alreadyOn();
    const secret = record ? this.secretBox.open(record.secretCiphertext) : null;
    if (!secret)
      throw new DomainError(
        ACCOUNT_SECURITY_ERROR_CODES.TWO_FACTOR_SETUP_INVALID,
        ACCOUNT_SECURITY_MESSAGES.twoFactorSetupMissing,
      );
    const step = await this.totp.verify(secret, normalizeCode(code), null);
    if (step === null)
      throw new DomainError(
        ACCOUNT_SECURITY_ERROR_CODES.TWO_FACTOR_CODE_INVALID,
        ACCOUNT_SECURITY_MESSAGES.twoFactorCodeWrong,
      );
    const recoveryCodes = generateRecoveryCodes();
    if (!(await this.repository.enable(userId, step, this.hashCodes(recoveryCodes), this.clock.now())))
      throw this.alreadyOn();
    return { recoveryCodes };
  }

  async disable(userId: string, { password }: PasswordConfirmationPayload): Promise<TwoFactorStatus> {
    await this.account.confirmPassword(userId, password);
    if (!(await this.isEnabled(userId))) throw this.notOn();
    await this.repository.remove(userId);
    return { enabled: false, recoveryCodesLeft: 0 };
  }

  async replaceRecoveryCodes(userId: string, { password }: PasswordConfirmationPayload): Promise<RecoveryCodes> {
    await this.account.confirmPassword(userId, password);
    if (!(await this.isEnabled(userId))) throw this.notOn();
    const recoveryCodes = generateRecoveryCodes();
    await this.repository.replaceRecoveryCodes(userId, this.hashCodes(recoveryCodes));
    return { recoveryCodes };
  }

  async isEnabled(userId: string): Promise<boolean> {
    return (await this.repository.find(userId))?.enabledAt != null;
  }

  /** What the first login step answers instead of a session. */
  challenge(userId: string, rememberMe: boolean): Promise<TwoFactorChallenge> {
    return this.challenges.sign(userId, rememberMe, this.clock.now());
  }

  /**
   * The login's second step: a valid challenge and a fresh TOTP code (or an unused recovery code) start the session.
   */
  async login({ challengeToken, code, userAgent }: TwoFactorLoginRequest): Promise<SessionGrant> {
    await this.passwordLogin.requireEnabled();
    const challenge = await this.challenges.verify(challengeToken);
    const user = challenge ? await this.users.findById(challenge.userId) : null;
    const record = user ? await this.repository.find(user.id) : null;
    if (!challenge || !user || !record?.enabledAt) {
      throw new DomainError(
        ACCOUNT_SECURITY_ERROR_CODES.TWO_FACTOR_CHALLENGE_UNAUTHORIZED,
        ACCOUNT_SECURITY_MESSAGES.twoFactorChallengeExpired,
      );
    }
    const now = this.clock.now();
    if (
      !(await this.repository.takeAttempt(
        user.id,
        TWO_FACTOR_ATTEMPT_LIMIT,
        new Date(now.getTime() - TWO_FACTOR_ATTEMPT_WINDOW_MS),
        now,
      ))
    ) {
      throw new DomainError(
        ACCOUNT_SECURITY_ERROR_CODES.TWO_FACTOR_RATE_LIMITED,
        ACCOUNT_SECURITY_MESSAGES.twoFactorTooManyCodes,
      );
    }
    const normalized = normalizeCode(code);
    const accepted = isTotpCode(normalized)
      ? await this.useTotpCode(user.id, record.secretCiphertext, record.lastUsedStep, normalized)
      : await this.repository.useRecoveryCode(user.id, this.secrets.hash(normalized), now);
    if (!accepted) {
      throw new DomainError(
        ACCOUNT_SECURITY_ERROR_CODES.TWO_FACTOR_CODE_UNAUTHORIZED,
        ACCOUNT_SECURITY_MESSAGES.twoFactorCodeWrong,
      );
    }
    return this.sessions.start(user, challenge.rememberMe, userAgent);
  }

  private async useTotpCode(
    userId: string,
    secretCiphertext: string,
    lastUsedStep: number | null,
    code: string,
  ): Promise<boolean> {
    const secret = this.secretBox.open(secretCiphertext);
    if (!secret) {
      this.logger.warn(
        `The TOTP secret of user ${userId} cannot be decrypted (was AUTH_JWT_PRIVATE_KEY replaced?): only recovery codes work`,
      );
      return false;
    }
    const step = await this.totp.verify(secret, code, lastUsedStep);
    return step !== null && (await this.repository.useStep(userId, step));
  }

  private hashCodes(codes: string[]): string[] {
    return codes.map((code) => this.secrets.hash(normalizeCode(code)));
  }

  private alreadyOn(): DomainError {
    return new DomainError(
      ACCOUNT_SECURITY_ERROR_CODES.TWO_FACTOR_CONFLICT,
      ACCOUNT_SECURITY_MESSAGES.twoFactorAlreadyOn,
    );
  }

  private notOn(): DomainError {
    return new DomainError(ACCOUNT_SECURITY_ERROR_CODES.TWO_FACTOR_CONFLICT, ACCOUNT_SECURITY_MESSAGES.twoFactorNotOn);
  }
}
