import { Injectable } from '@nestjs/common';
import {
  MAX_TOKENS_PER_USER,
  PERSONAL_ACCESS_TOKEN_PREFIX,
  TOKEN_ERROR_CODES,
  TOKEN_MESSAGES,
  type CreatedPersonalAccessToken,
  type CreateTokenPayload,
  type PersonalAccessToken,
  type TokenGrant,
} from '@memories/contracts';
import { DomainError } from '@memories/nest-common';
import { validationError } from '../account-security/validation-error';
import { Clock } from '../crypto/clock';
import { SecretTokenGenerator } from '../crypto/secret-token.generator';
import { PersonalAccessTokenRepository, type TokenRecord } from './personal-access-token.repository';

const DAY_MS = 24 * 3600_000;

function toToken(record: TokenRecord): PersonalAccessToken {
  return {
    id: record.id,
    name: record.name,
    scope: record.scope,
    createdAt: record.createdAt.toISOString(),
    expiresAt: record.expiresAt?.toISOString() ?? null,
    lastUsedAt: record.lastUsedAt?.toISOString() ?? null,
  };
}

/**
 * Personal access tokens: `mem_pat_` and 256 random bits, shown once and kept as a SHA-256 hash. A token acts for its
 * owner within its scope (which routes: TOKEN_ROUTE_SCOPES) until it expires or is revoked.
 */
@Injectable()
export class PersonalAccessTokensService {
  constructor(
    private readonly tokens: PersonalAccessTokenRepository,
    private readonly secrets: SecretTokenGenerator,
    private readonly clock: Clock,
  ) {}

  async create(userId: string, payload: CreateTokenPayload): Promise<CreatedPersonalAccessToken> {
    const name = payload.name.trim();
    if (!name) throw validationError('name', TOKEN_MESSAGES.nameRequired);
    const secret = this.secrets.generate();
    const token = `${PERSONAL_ACCESS_TOKEN_PREFIX}${secret.token}`;
    const now = this.clock.now();
    const record = await this.tokens.create(
      {
        userId,
        name,
        scope: payload.scope,
        tokenHash: this.secrets.hash(token),
        expiresAt: payload.expiresInDays ? new Date(now.getTime() + payload.expiresInDays * DAY_MS) : null,
      },
      MAX_TOKENS_PER_USER,
    );
    if (!record)
      throw new DomainError(TOKEN_ERROR_CODES.PERSONAL_ACCESS_TOKEN_LIMIT_CONFLICT, TOKEN_MESSAGES.limitReached);
    return { ...toToken(record), token };
  }

  async list(userId: string): Promise<PersonalAccessToken[]> {
    return (await this.tokens.listForUser(userId)).map(toToken);
  }

  /** Another account's token, or one already revoked, is "not found". */
  async revoke(userId: string, id: string): Promise<{ revoked: true }> {
    if (!(await this.tokens.delete(userId, id))) {
      throw new DomainError(TOKEN_ERROR_CODES.PERSONAL_ACCESS_TOKEN_NOT_FOUND, TOKEN_MESSAGES.notFound, { id });
    }
    return { revoked: true };
  }

  /**
   * Ends every token of an account at once: "sign out everywhere", and a disabled account (the admin path calls
   * this). A deleted account's tokens go with its row.
   */
  async revokeAllOf(userId: string): Promise<number> {
    return this.tokens.deleteAllForUser(userId);
  }

  /** Who a presented token speaks for; null for anything that is not a live token. */
  async verify(token: string): Promise<{ grant: TokenGrant | null }> {
    if (!token.startsWith(PERSONAL_ACCESS_TOKEN_PREFIX)) return { grant: null };
    const record = await this.tokens.use(this.secrets.hash(token), this.clock.now());
    return { grant: record ? { tokenId: record.id, userId: record.userId, scope: record.scope } : null };
  }
}
