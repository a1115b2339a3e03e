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

  describe('single sign-on', () => {
    const sso = { ...valid, OIDC_ISSUER: 'https://id.example.com/application/o/memories/', OIDC_CLIENT_ID: 'memories' };

    it('is off without OIDC_ISSUER, with password sign-in on and the documented defaults', () => {
      expect(loadAuthConfig(valid)).toMatchObject({
        OIDC_SCOPES: 'openid email profile',
        OIDC_DISPLAY_NAME: 'SSO',
        OIDC_AUTO_PROVISION: true,
        OIDC_LOGOUT: false,
        PASSWORD_LOGIN: true,
      });
      expect(loadAuthConfig(valid).OIDC_ISSUER).toBeUndefined();
    });

    it.each([
      ['https://id.example.com', true],
      ['http://127.0.0.1:9000/oidc', true],
      ['http://localhost:9000', true],
      ['http://[::1]:9000', true],
      ['http://id.example.com', false],
      ['http://192.168.1.10:9000', false],
      ['https://user:secret@id.example.com', false],
      ['ftp://id.example.com', false],
      ['not a url', false],
    ])('accepts %s as an issuer: %s (https, or http only on loopback)', (issuer, accepted) => {
      const load = () => loadAuthConfig({ ...sso, OIDC_ISSUER: issuer });
      if (accepted) expect(load().OIDC_ISSUER).toBe(issuer);
      else expect(load).toThrow('OIDC_ISSUER must be an https:// URL (http:// only on localhost or 127.0.0.1)');
    });

    it('needs a client id with an issuer', () => {
      expect(() => loadAuthConfig({ ...sso, OIDC_CLIENT_ID: undefined })).toThrow(
        'OIDC_CLIENT_ID must be set when OIDC_ISSUER is',
      );
    });

    it('needs openid among the scopes', () => {
      expect(loadAuthConfig({ ...sso, OIDC_SCOPES: 'openid email' }).OIDC_SCOPES).toBe('openid email');
      expect(() => loadAuthConfig({ ...sso, OIDC_SCOPES: 'email profile' })).toThrow('openid among them');
    });

    it('turns password sign-in off only where single sign-on can let people in', () => {
      expect(loadAuthConfig({ ...sso, PASSWORD_LOGIN: 'false' }).PASSWORD_LOGIN).toBe(false);
      expect(() => loadAuthConfig({ ...valid, PASSWORD_LOGIN: 'false' })).toThrow(
        'PASSWORD_LOGIN=false needs OIDC_ISSUER (single sign-on), or nobody could sign in',
      );
      expect(() => loadAuthConfig({ ...sso, OIDC_AUTO_PROVISION: 'yes' })).toThrow(
        'OIDC_AUTO_PROVISION must be true or false',
      );
    });
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
