import { generateEs256KeyPair } from '@memories/nest-common';
import { loadGatewayConfig } from './gateway.config';

const keys = generateEs256KeyPair();

describe('gateway configuration', () => {
  it('has secure defaults for the cookie and the rate limit', () => {
    const config = loadGatewayConfig({ AUTH_JWT_PUBLIC_KEY: keys.publicKey });

    expect(config).toMatchObject({
      COOKIE_SECURE: true,
      AUTH_RATE_LIMIT_PER_MINUTE: 10,
      TRUST_PROXY_HOPS: 1,
      AUTH_JWT_ISSUER: 'memories-auth',
      AUTH_JWT_AUDIENCE: 'memories-api',
    });
  });

  it('reads COOKIE_SECURE=false for plain-http hosts other than localhost', () => {
    expect(loadGatewayConfig({ AUTH_JWT_PUBLIC_KEY: keys.publicKey, COOKIE_SECURE: 'false' }).COOKIE_SECURE).toBe(
      false,
    );
  });

  it('refuses to start with the private key instead of the public one, or with none', () => {
    expect(() => loadGatewayConfig({ AUTH_JWT_PUBLIC_KEY: 'nonsense' })).toThrow(
      'AUTH_JWT_PUBLIC_KEY is not a PEM-encoded public key',
    );
    expect(() => loadGatewayConfig({})).toThrow(
      'AUTH_JWT_PUBLIC_KEY must be set to a PEM-encoded EC P-256 public key (ES256)',
    );
    expect(() => loadGatewayConfig({ AUTH_JWT_PUBLIC_KEY: keys.publicKey, COOKIE_SECURE: 'yes' })).toThrow(
      'COOKIE_SECURE must be true or false',
    );
  });
});
