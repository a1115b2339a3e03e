import { Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AUTH_COOKIE_PATH, REFRESH_COOKIE_NAME, type SessionGrant } from '@memories/contracts';
import { requireSafeText } from '@memories/nest-common';
import { GatewayConfig } from '../config/gateway.config';
import { MediaCookie } from './media-cookie';

/** Refresh tokens are 43 characters; the auth service accepts at most 128. */
const MAX_REFRESH_COOKIE_LENGTH = 128;

/**
 * The refresh cookie, owned by the gateway alone: HttpOnly (no script reads it), Secure, SameSite=Strict, and sent
 * only to the auth endpoints. Remember-me gives it a Max-Age; otherwise it ends with the browser session. The
 * media cookie follows it: set with every grant, cleared with it.
 */
@Injectable()
export class RefreshCookie {
  constructor(
    private readonly config: GatewayConfig,
    private readonly media: MediaCookie,
  ) {}

  /**
   * The cookie's value, percent-decoded and checked like any text (the one header value that can carry any
   * character), if it is of a refresh token's size (a longer value is no session).
   */
  read(request: FastifyRequest): string | undefined {
    const value = request.cookies?.[REFRESH_COOKIE_NAME];
    return value && value.length <= MAX_REFRESH_COOKIE_LENGTH
      ? requireSafeText(`cookie ${REFRESH_COOKIE_NAME}`, value)
      : undefined;
  }

  set(reply: FastifyReply, grant: SessionGrant): void {
    const maxAge = grant.persistent
      ? Math.max(0, Math.floor((new Date(grant.refreshExpiresAt).getTime() - Date.now()) / 1000))
      : undefined;
    reply.setCookie(REFRESH_COOKIE_NAME, grant.refreshToken, {
      ...this.attributes(),
      ...(maxAge !== undefined ? { maxAge } : {}),
    });
    this.media.set(reply, grant.accessToken);
  }

  clear(reply: FastifyReply): void {
    reply.clearCookie(REFRESH_COOKIE_NAME, this.attributes());
    this.media.clear(reply);
  }

  private attributes() {
    return { httpOnly: true, secure: this.config.COOKIE_SECURE, sameSite: 'strict' as const, path: AUTH_COOKIE_PATH };
  }
}
