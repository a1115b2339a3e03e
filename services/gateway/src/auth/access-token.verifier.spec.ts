import { generateEs256KeyPair } from '@memories/nest-common';
import { forgedAccessTokens, signTestAccessToken } from '@memories/server-testing';
import { loadGatewayConfig } from '../config/gateway.config';
import { AccessTokenVerifier } from './access-token.verifier';

const keys = generateEs256KeyPair();
const userId = '6f1c1f8e-3f0e-4a57-9c55-2a0c4f1f8f01';
const verifier = new AccessTokenVerifier(loadGatewayConfig({ AUTH_JWT_PUBLIC_KEY: keys.publicKey }));

describe('AccessTokenVerifier', () => {
  it('accepts an ES256 access token of the auth service and gives its user id', async () => {
    await expect(verifier.verify(signTestAccessToken(keys.privateKey, userId))).resolves.toBe(userId);
  });

  it.each(Object.entries(forgedAccessTokens(keys, userId)))('refuses a token that is %s', async (_kind, token) => {
    await expect(verifier.verify(token)).resolves.toBeNull();
  });

  it('refuses an opaque refresh token', async () => {
    await expect(verifier.verify('gpgzGExdcLPkS-9HzPx99Fr8widhSaa9eje71YbvyTw')).resolves.toBeNull();
  });
});
