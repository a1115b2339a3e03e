import { Injectable } from '@nestjs/common';
import {
  ACCOUNT_SECURITY_ERROR_CODES,
  ACCOUNT_SECURITY_MESSAGES,
  type PasskeyCeremonyOptions,
  type PasskeyLoginRequest,
  type PasskeyRegistrationPayload,
  type PasskeyRemovalRequest,
  type PasskeySummary,
  type PasswordConfirmationPayload,
  type SessionGrant,
} from '@memories/contracts';
import { DomainError } from '@memories/nest-common';
import { AccountGuard } from '../account-security/account-guard';
import { Clock } from '../crypto/clock';
import { SessionIssuer } from '../sessions/session-issuer';
import { UserRepository } from '../users/user.repository';
import { PasskeyRepository, type CeremonyPurpose, type PasskeyRecord } from './passkey.repository';
import { RelyingParty } from './relying-party';
import { WebAuthnCeremonies } from './webauthn-ceremonies';

/** A passkey ceremony must finish within this time (the browser's own timeout is shorter). */
const CHALLENGE_TTL_MS = 5 * 60_000;
export const MAX_PASSKEYS_PER_USER = 20;
const DEFAULT_PASSKEY_NAME = 'Passkey';

function toSummary(passkey: PasskeyRecord): PasskeySummary {
  return {
    id: passkey.id,
    name: passkey.name,
    createdAt: passkey.createdAt.toISOString(),
    lastUsedAt: passkey.lastUsedAt?.toISOString() ?? null,
  };
}

/** Passkeys: register one or more, list and remove them, and sign in with one instead of the password. */
@Injectable()
export class PasskeysService {
  constructor(
    private readonly passkeys: PasskeyRepository,
    private readonly users: UserRepository,
    private readonly ceremonies: WebAuthnCeremonies,
    private readonly relyingParty: RelyingParty,
    private readonly sessions: SessionIssuer,
    private readonly account: AccountGuard,
    private readonly clock: Clock,
  ) {}

  async list(userId: string): Promise<PasskeySummary[]> {
    return (await this.passkeys.listForUser(userId)).map(toSummary);
  }

  /** A new passkey signs its holder in without the password: adding one asks for the password first. */
  async registrationOptions(
    userId: string,
    { password }: PasswordConfirmationPayload,
  ): Promise<PasskeyCeremonyOptions> {
    const user = await this.account.confirmPassword(userId, password);
    const existing = await this.passkeys.listForUser(userId);
    if (existing.length >= MAX_PASSKEYS_PER_USER) {
      throw new DomainError(
        ACCOUNT_SECURITY_ERROR_CODES.PASSKEY_LIMIT_CONFLICT,
        ACCOUNT_SECURITY_MESSAGES.passkeyLimitReached,
      );
    }
    const options = await this.ceremonies.registrationOptions(user, existing);
    return this.withChallenge('registration', userId, options);
  }

  async register(userId: string, payload: PasskeyRegistrationPayload): Promise<PasskeySummary> {
    const challenge = await this.passkeys.takeChallenge(payload.challengeId, 'registration', userId, this.clock.now());
    const credential = challenge ? await this.ceremonies.verifyRegistration(payload.response, challenge) : null;
    const created = credential
      ? await this.passkeys.create(userId, payload.name?.trim() || DEFAULT_PASSKEY_NAME, credential)
      : null;
    if (!created) {
      throw new DomainError(
        ACCOUNT_SECURITY_ERROR_CODES.PASSKEY_REGISTRATION_INVALID,
        ACCOUNT_SECURITY_MESSAGES.passkeyRegistrationFailed,
      );
    }
    return toSummary(created);
  }

  /** Removing the last passkey needs the password; another passkey's owner, or an unknown id, is "not found". */
  async remove(userId: string, { passkeyId, password }: PasskeyRemovalRequest): Promise<{ removed: true }> {
    const passkeys = await this.passkeys.listForUser(userId);
    if (!passkeys.some((passkey) => passkey.id === passkeyId)) {
      throw new DomainError(ACCOUNT_SECURITY_ERROR_CODES.PASSKEY_NOT_FOUND, ACCOUNT_SECURITY_MESSAGES.passkeyNotFound, {
        id: passkeyId,
      });
    }
    if (passkeys.length === 1) await this.account.confirmPassword(userId, password);
    await this.passkeys.delete(userId, passkeyId);
    return { removed: true };
  }

  /** Options for a sign-in with any passkey of this site (discoverable credentials: no e-mail asked first). */
  async authenticationOptions(): Promise<PasskeyCeremonyOptions> {
    return this.withChallenge('authentication', null, await this.ceremonies.authenticationOptions());
  }

  async login({ challengeId, response, rememberMe, userAgent }: PasskeyLoginRequest): Promise<SessionGrant> {
    const now = this.clock.now();
    const challenge = await this.passkeys.takeChallenge(challengeId, 'authentication', null, now);
    const credentialId = (response as { id?: unknown }).id;
    const passkey =
      challenge && typeof credentialId === 'string' ? await this.passkeys.findByCredentialId(credentialId) : null;
    const counter =
      passkey && challenge ? await this.ceremonies.verifyAuthentication(response, challenge, passkey) : null;
    const user = passkey && counter !== null ? await this.users.findById(passkey.userId) : null;
    if (!passkey || counter === null || !user) {
      throw new DomainError(
        ACCOUNT_SECURITY_ERROR_CODES.PASSKEY_UNAUTHORIZED,
        ACCOUNT_SECURITY_MESSAGES.passkeySignInFailed,
      );
    }
    await this.passkeys.markUsed(passkey.id, counter, now);
    return this.sessions.start(user, rememberMe, userAgent);
  }

  private async withChallenge(
    purpose: CeremonyPurpose,
    userId: string | null,
    options: { challenge: string },
  ): Promise<PasskeyCeremonyOptions> {
    const now = this.clock.now();
    const challengeId = await this.passkeys.saveChallenge(
      purpose,
      userId,
      options.challenge,
      new Date(now.getTime() + CHALLENGE_TTL_MS),
      now,
    );
    return { challengeId, options, origin: this.relyingParty.origin };
  }
}
