import { ADMIN_SUBJECTS, type AccountStatus } from '@memories/contracts';
import { AccountStatusReader, generateEs256KeyPair, type BusClient } from '@memories/nest-common';
import { forgedAccessTokens, signTestAccessToken } from '@memories/server-testing';
import { loadUploadConfig } from '../config/upload.config';
import { MediaTokenVerifier } from './media-token.verifier';

const keys = generateEs256KeyPair();
const userId = '6f1c1f8e-3f0e-4a57-9c55-2a0c4f1f8f01';
const disabledId = '7c1d5a6f-2222-4333-8444-555566667777';
const statuses: Record<string, AccountStatus> = {
  [userId]: { active: true, role: 'member' },
  [disabledId]: { active: false, role: 'member' },
};
// The auth service's answer on the bus (the edge the verifier asks through).
const request = jest.fn(async (subject: string, payload: { userId: string }) => {
  if (subject !== ADMIN_SUBJECTS.accountStatus) throw new Error(`unexpected request on ${subject}`);
  return statuses[payload.userId];
});
const verifier = new MediaTokenVerifier(
  loadUploadConfig({ DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/memories', AUTH_JWT_PUBLIC_KEY: keys.publicKey }),
  new AccountStatusReader({ request } as unknown as BusClient, 30_000),
);

describe('MediaTokenVerifier', () => {
  it('gives the user id of an ES256 access token of the auth service', async () => {
    await expect(verifier.userIdOf(signTestAccessToken(keys.privateKey, userId))).resolves.toBe(userId);
  });

  it('gives no user for a valid token of a disabled account', async () => {
    await expect(verifier.userIdOf(signTestAccessToken(keys.privateKey, disabledId))).resolves.toBeNull();
  });

  it('gives no user without a cookie', async () => {
    await expect(verifier.userIdOf(undefined)).resolves.toBeNull();
  });

  it.each(Object.entries(forgedAccessTokens(keys, userId)))('refuses a token that is %s', async (_kind, token) => {
    await expect(verifier.userIdOf(token)).resolves.toBeNull();
  });
});
