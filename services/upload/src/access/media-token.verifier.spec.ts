import { generateEs256KeyPair } from '@memories/nest-common';
import { forgedAccessTokens, signTestAccessToken } from '@memories/server-testing';
import { loadUploadConfig } from '../config/upload.config';
import { MediaTokenVerifier } from './media-token.verifier';

const keys = generateEs256KeyPair();
const userId = '6f1c1f8e-3f0e-4a57-9c55-2a0c4f1f8f01';
const verifier = new MediaTokenVerifier(
  loadUploadConfig({ DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/memories', AUTH_JWT_PUBLIC_KEY: keys.publicKey }),
);

describe('MediaTokenVerifier', () => {
  it('gives the user id of an ES256 access token of the auth service', async () => {
    await expect(verifier.userIdOf(signTestAccessToken(keys.privateKey, userId))).resolves.toBe(userId);
  });

  it('gives no user without a cookie', async () => {
    await expect(verifier.userIdOf(undefined)).resolves.toBeNull();
  });

  it.each(Object.entries(forgedAccessTokens(keys, userId)))('refuses a token that is %s', async (_kind, token) => {
    await expect(verifier.userIdOf(token)).resolves.toBeNull();
  });
});
