import type { SubjectPattern } from '../bus/subjects';

/** Every personal access token starts with this, so a leaked one is recognised (secret scanners, our own guard). */
export const PERSONAL_ACCESS_TOKEN_PREFIX = 'mem_pat_';
export const TOKEN_SCOPES = ['read', 'write'] as const;
/** `read`: what the person can see; `write`: also create, change and delete memories and their images. */
export type TokenScope = (typeof TOKEN_SCOPES)[number];
export const MAX_TOKEN_NAME_LENGTH = 100;
export const MAX_TOKENS_PER_USER = 50;
export const MAX_TOKEN_EXPIRY_DAYS = 3650;

export interface PersonalAccessToken {
  id: string;
  name: string;
  scope: TokenScope;
  createdAt: string;
  /** null: never expires. */
  expiresAt: string | null;
  /** The last call made with it, to within a minute; null if never used. */
  lastUsedAt: string | null;
}

/** The answer of a creation: the only time the token itself is shown (only its hash is kept). */
export interface CreatedPersonalAccessToken extends PersonalAccessToken {
  token: string;
}

export interface CreateTokenPayload {
  name: string;
  scope: TokenScope;
  expiresInDays?: number;
}

export interface TokenIdPayload {
  id: string;
}

export interface VerifyTokenPayload {
  token: string;
}

/** Who a valid token speaks for, and what it may do. */
export interface TokenGrant {
  tokenId: string;
  userId: string;
  scope: TokenScope;
}

export const TOKEN_SUBJECTS = {
  create: 'auth.tokens.create',
  list: 'auth.tokens.list',
  revoke: 'auth.tokens.revoke',
  /** The gateway and the upload service: who a presented token speaks for (null: unknown, expired or revoked). */
  verify: 'auth.tokens.verify',
} as const satisfies Record<string, SubjectPattern>;

export interface TokenBusRequestMap {
  [TOKEN_SUBJECTS.create]: { payload: CreateTokenPayload; result: CreatedPersonalAccessToken };
  [TOKEN_SUBJECTS.list]: { payload: Record<string, never>; result: PersonalAccessToken[] };
  [TOKEN_SUBJECTS.revoke]: { payload: TokenIdPayload; result: { revoked: true } };
  [TOKEN_SUBJECTS.verify]: { payload: VerifyTokenPayload; result: { grant: TokenGrant | null } };
}

export const TOKEN_ERROR_CODES = {
  PERSONAL_ACCESS_TOKEN_NOT_FOUND: 'PERSONAL_ACCESS_TOKEN_NOT_FOUND',
  PERSONAL_ACCESS_TOKEN_LIMIT_CONFLICT: 'PERSONAL_ACCESS_TOKEN_LIMIT_CONFLICT',
  /** 403: a read token asked to change something. */
  TOKEN_SCOPE_FORBIDDEN: 'TOKEN_SCOPE_FORBIDDEN',
  /** 403: a route no token may use (tokens, webhooks, password, two-factor, passkeys, sessions, the account). */
  TOKEN_ROUTE_FORBIDDEN: 'TOKEN_ROUTE_FORBIDDEN',
} as const;

export type TokenErrorCode = (typeof TOKEN_ERROR_CODES)[keyof typeof TOKEN_ERROR_CODES];

/** What the tokens endpoints and the token checks answer; the web client shows these as they are. */
export const TOKEN_MESSAGES = {
  created: 'Token created. Copy it now: it is not shown again.',
  revoked: 'Token revoked.',
  nameRequired: 'Give the token a name.',
  notFound: 'Token not found',
  limitReached: 'You have reached the limit of tokens. Revoke one first.',
  readOnly: 'This token can only read. Create a token with write access to make changes.',
  routeForbidden:
    'Personal access tokens cannot do this. Sign in to manage tokens, webhooks, your password, two-factor sign-in, ' +
    'passkeys, sessions or your account.',
} as const;
