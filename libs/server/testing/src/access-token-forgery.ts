import { createHmac, generateKeyPairSync, sign } from 'node:crypto';

export interface AccessTokenKeys {
  privateKey: string;
  publicKey: string;
}

const ISSUER = 'memories-auth';
const AUDIENCE = 'memories-api';

function encode(value: object): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/**
 * A compact JWS signed with ES256 (or HS256 with a shared secret), written by hand so tests depend on no JWT library.
 */
function jwt(header: object, claims: object, signer: (input: string) => Buffer): string {
  const input = `${encode(header)}.${encode(claims)}`;
  return `${input}.${signer(input).toString('base64url')}`;
}

function es256(privateKey: string): (input: string) => Buffer {
  return (input) => sign('sha256', Buffer.from(input), { key: privateKey, dsaEncoding: 'ieee-p1363' });
}

/** An access token as the auth service signs it; `overrides` changes or removes (undefined) claims. */
export function signTestAccessToken(
  privateKey: string,
  userId: string,
  overrides: Record<string, unknown> = {},
): string {
  const now = Math.floor(Date.now() / 1000);
  const claims = { sub: userId, typ: 'access', iss: ISSUER, aud: AUDIENCE, iat: now, exp: now + 900, ...overrides };
  return jwt({ alg: 'ES256', typ: 'JWT' }, claims, es256(privateKey));
}

/** Every kind of forged or unfit access token a verifier that trusts `keys.publicKey` must refuse. */
export function forgedAccessTokens(keys: AccessTokenKeys, userId: string): Record<string, string> {
  const now = Math.floor(Date.now() / 1000);
  const claims = { sub: userId, typ: 'access', iss: ISSUER, aud: AUDIENCE, iat: now, exp: now + 900 };
  const other = generateKeyPairSync('ec', {
    namedCurve: 'prime256v1',
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  return {
    'alg none': `${encode({ alg: 'none', typ: 'JWT' })}.${encode(claims)}.`,
    'HS256 signed with the public key as the secret': jwt({ alg: 'HS256', typ: 'JWT' }, claims, (input) =>
      createHmac('sha256', keys.publicKey).update(input).digest(),
    ),
    'signed with another key': signTestAccessToken(other.privateKey, userId),
    expired: signTestAccessToken(keys.privateKey, userId, { iat: now - 3600, exp: now - 60 }),
    'for another audience': signTestAccessToken(keys.privateKey, userId, { aud: 'someone-else' }),
    'from another issuer': signTestAccessToken(keys.privateKey, userId, { iss: 'someone-else' }),
    'not an access token (typ refresh)': signTestAccessToken(keys.privateKey, userId, { typ: 'refresh' }),
    'without a type': signTestAccessToken(keys.privateKey, userId, { typ: undefined }),
    'without a subject': signTestAccessToken(keys.privateKey, userId, { sub: undefined }),
    'with a tampered subject': (() => {
      const [header, , signature] = signTestAccessToken(keys.privateKey, userId).split('.');
      return `${header}.${encode({ ...claims, sub: '00000000-0000-4000-8000-000000000000' })}.${signature}`;
    })(),
  };
}
