import type { FastifyReply } from 'fastify';
import { MEDIA_COOKIE_NAME, MEDIA_COOKIE_PATH } from '@memories/contracts';
import type { GatewayConfig } from '../config/gateway.config';
import { MediaCookie } from './media-cookie';

const tokenExpiringIn = (seconds: number) => {
  const claims = Buffer.from(JSON.stringify({ sub: 'u1', exp: Math.floor(Date.now() / 1000) + seconds })).toString(
    'base64url',
  );
  return `eyJhbGciOiJFUzI1NiJ9.${claims}.c2ln`;
};

describe('media cookie', () => {
  const reply = () => ({ setCookie: jest.fn(), clearCookie: jest.fn() });
  const cookie = new MediaCookie({ COOKIE_SECURE: true } as GatewayConfig);

  it('carries the access token to /api/files only, HttpOnly and strict, for as long as the token lives', () => {
    const answer = reply();
    const token = tokenExpiringIn(900);

    cookie.set(answer as unknown as FastifyReply, token);

    expect(answer.setCookie).toHaveBeenCalledWith(MEDIA_COOKIE_NAME, token, {
      httpOnly: true,
      secure: true,
      sameSite: 'strict',
      path: MEDIA_COOKIE_PATH,
      maxAge: expect.any(Number),
    });
    const { maxAge } = answer.setCookie.mock.calls[0][2] as { maxAge: number };
    expect(maxAge).toBeGreaterThan(890);
    expect(maxAge).toBeLessThanOrEqual(900);
  });

  it('is cleared on the same path', () => {
    const answer = reply();

    cookie.clear(answer as unknown as FastifyReply);

    expect(answer.clearCookie).toHaveBeenCalledWith(
      MEDIA_COOKIE_NAME,
      expect.objectContaining({ path: MEDIA_COOKIE_PATH, httpOnly: true }),
    );
  });
});
