import { generateEs256KeyPair } from '@memories/nest-common';
import { emailVerificationRequired, loadAuthConfig } from './auth.config';

const keys = generateEs256KeyPair();
const valid = { DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/memories', AUTH_JWT_PRIVATE_KEY: keys.privateKey };

describe('auth service configuration', () => {
  it('listens on port 3001 for its probes unless PORT says otherwise', () => {
    expect(loadAuthConfig(valid).PORT).toBe(3001);
  });

  it('refuses to start without a DATABASE_URL, naming it', () => {
    expect(() => loadAuthConfig({ AUTH_JWT_PRIVATE_KEY: keys.privateKey })).toThrow('DATABASE_URL');
  });

  it('accepts the private key with escaped line breaks, as one-line secrets carry it', () => {
    const config = loadAuthConfig({ ...valid, AUTH_JWT_PRIVATE_KEY: keys.privateKey.replace(/\n/g, '\\n') });

    expect(config.AUTH_JWT_PRIVATE_KEY).toBe(keys.privateKey.trim());
  });

  it.each([
    [undefined, 'AUTH_JWT_PRIVATE_KEY must be set to a PEM-encoded EC P-256 private key (ES256) (it is not set)'],
    ['not a key', 'AUTH_JWT_PRIVATE_KEY is not a PEM-encoded private key (value hidden)'],
    [keys.publicKey, 'AUTH_JWT_PRIVATE_KEY is not a PEM-encoded private key (value hidden)'],
  ])('refuses a missing or wrong signing key with a clear message (%#)', (key, message) => {
    expect(() => loadAuthConfig({ ...valid, AUTH_JWT_PRIVATE_KEY: key })).toThrow(message);
  });

  it('keeps access tokens at most 15 minutes long', () => {
    expect(() => loadAuthConfig({ ...valid, AUTH_ACCESS_TOKEN_TTL_SECONDS: '3600' })).toThrow(
      'AUTH_ACCESS_TOKEN_TTL_SECONDS',
    );
  });

  it('opens sign-up unless SIGNUP_MODE says otherwise, and refuses a mode it does not know', () => {
    expect(loadAuthConfig(valid).SIGNUP_MODE).toBe('open');
    expect(loadAuthConfig({ ...valid, SIGNUP_MODE: 'invite' }).SIGNUP_MODE).toBe('invite');
    expect(() => loadAuthConfig({ ...valid, SIGNUP_MODE: 'members-only' })).toThrow(
      'SIGNUP_MODE must be one of open, invite, closed',
    );
  });

  it('requires confirmed addresses when it can send mail, or when REQUIRE_VERIFIED_EMAIL is true', () => {
    expect(emailVerificationRequired(loadAuthConfig(valid))).toBe(false);
    expect(emailVerificationRequired(loadAuthConfig({ ...valid, REQUIRE_VERIFIED_EMAIL: 'true' }))).toBe(true);
    expect(emailVerificationRequired(loadAuthConfig({ ...valid, SMTP_URL: 'smtp://127.0.0.1:2525' }))).toBe(true);
    expect(() => loadAuthConfig({ ...valid, REQUIRE_VERIFIED_EMAIL: 'yes' })).toThrow(
      'REQUIRE_VERIFIED_EMAIL must be true or false',
    );
  });
});
