import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import type { FastifyReply } from 'fastify';
import { MEDIA_COOKIE_NAME, MEDIA_COOKIE_PATH } from '@memories/contracts';
import { GatewayConfig } from '../config/gateway.config';

/**
 * The media cookie lets `<img>` read private files, which cannot send a bearer header. It holds the session's
 * access token and lives exactly as long (set with every grant, cleared with the session), HttpOnly, SameSite=Strict
 * and sent only to `/api/files`, where the upload service verifies it; the gateway itself never reads it.
 */
@Injectable()
export class MediaCookie {
  private readonly jwt = new JwtService();

  constructor(private readonly config: GatewayConfig) {}

  set(reply: FastifyReply, accessToken: string): void {
    const claims: unknown = this.jwt.decode(accessToken);
    const expiresAt =
      typeof claims === 'object' && claims !== null && 'exp' in claims && typeof claims.exp === 'number'
        ? claims.exp
        : 0;
    const maxAge = Math.max(0, expiresAt - Math.floor(Date.now() / 1000));
    reply.setCookie(MEDIA_COOKIE_NAME, accessToken, { ...this.attributes(), maxAge });
  }

  clear(reply: FastifyReply): void {
    reply.clearCookie(MEDIA_COOKIE_NAME, this.attributes());
  }

  private attributes() {
    return { httpOnly: true, secure: this.config.COOKIE_SECURE, sameSite: 'strict' as const, path: MEDIA_COOKIE_PATH };
  }
}
