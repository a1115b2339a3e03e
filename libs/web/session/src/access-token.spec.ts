import { accessTokenExpiry, isAccessTokenExpired } from './access-token';

const base64Url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const jwt = (payload: unknown) => `${base64Url({ alg: 'ES256', typ: 'JWT' })}.${base64Url(payload)}.signature`;

describe('access token expiry', () => {
  it('reads the exp claim in milliseconds without verifying the token', () => {
    expect(accessTokenExpiry(jwt({ sub: 'u1', exp: 1_700_000_000, name: 'Zoë ✓' }))).toBe(1_700_000_000_000);
  });

  it('finds no expiry in a token without exp or one that is not a JWT', () => {
    expect(accessTokenExpiry(jwt({ sub: 'u1' }))).toBeNull();
    expect(accessTokenExpiry('opaque')).toBeNull();
    expect(accessTokenExpiry('a.!!!.c')).toBeNull();
  });

  it('counts a token as expired from 30 s before its exp', () => {
    const token = jwt({ exp: 1_000 });

    expect(isAccessTokenExpired(token, 969_999)).toBe(false);
    expect(isAccessTokenExpired(token, 970_000)).toBe(true);
    expect(isAccessTokenExpired(token, 1_000_001)).toBe(true);
  });

  it('counts a token whose expiry cannot be read as expired', () => {
    expect(isAccessTokenExpired('opaque', 0)).toBe(true);
  });
});
