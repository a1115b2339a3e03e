import { JwtService } from '@nestjs/jwt';
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

  describe('remembering verified tokens', () => {
    afterEach(() => {
      jest.useRealTimers();
      jest.restoreAllMocks();
    });

    it('checks the signature of a token once and answers its later uses from memory', async () => {
      const fresh = new AccessTokenVerifier(loadGatewayConfig({ AUTH_JWT_PUBLIC_KEY: keys.publicKey }));
      const signatureChecks = jest.spyOn(JwtService.prototype, 'verifyAsync');
      const token = signTestAccessToken(keys.privateKey, userId);
      for (let use = 0; use < 3; use++) await expect(fresh.verify(token)).resolves.toBe(userId);
      expect(signatureChecks).toHaveBeenCalledTimes(1);
    });

    it('still refuses every forged variant of a token it has accepted', async () => {
      const fresh = new AccessTokenVerifier(loadGatewayConfig({ AUTH_JWT_PUBLIC_KEY: keys.publicKey }));
      await expect(fresh.verify(signTestAccessToken(keys.privateKey, userId))).resolves.toBe(userId);
      for (const token of Object.values(forgedAccessTokens(keys, userId)))
        await expect(fresh.verify(token)).resolves.toBeNull();
    });

    it('does not remember a refused token: it is checked, and refused, every time', async () => {
      const fresh = new AccessTokenVerifier(loadGatewayConfig({ AUTH_JWT_PUBLIC_KEY: keys.publicKey }));
      const signatureChecks = jest.spyOn(JwtService.prototype, 'verifyAsync');
      const refresh = signTestAccessToken(keys.privateKey, userId, { typ: 'refresh' });
      await expect(fresh.verify(refresh)).resolves.toBeNull();
      await expect(fresh.verify(refresh)).resolves.toBeNull();
      expect(signatureChecks).toHaveBeenCalledTimes(2);
    });

    it('forgets a remembered token when it expires', async () => {
      jest.useFakeTimers({ now: new Date('2026-11-21T10:00:00Z') });
      const fresh = new AccessTokenVerifier(loadGatewayConfig({ AUTH_JWT_PUBLIC_KEY: keys.publicKey }));
      const now = Math.floor(Date.now() / 1000);
      const token = signTestAccessToken(keys.privateKey, userId, { iat: now, exp: now + 60 });
      await expect(fresh.verify(token)).resolves.toBe(userId);
      jest.advanceTimersByTime(59_000);
      await expect(fresh.verify(token)).resolves.toBe(userId);
      jest.advanceTimersByTime(2_000);
      await expect(fresh.verify(token)).resolves.toBeNull();
    });
  });
});
