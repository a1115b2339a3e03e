import { applyDecorators, HttpCode, HttpStatus, Injectable, Post, UseGuards } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { AUTH_MESSAGES, type ApiSuccess, type AuthSession, type SessionGrant } from '@memories/contracts';
import { Public } from '@memories/nest-common';
import { ok } from '../http/api-response.util';
import { AuthThrottlerGuard } from './auth-throttler.guard';
import { RefreshCookie } from './refresh-cookie';

/** What the browser sees of a session: the refresh token stays in the cookie. */
export function toSession(grant: SessionGrant): AuthSession {
  return { accessToken: grant.accessToken, user: grant.user };
}

/** The end of every way to sign in (password, two-factor code, passkey): the cookies set, the session answered. */
@Injectable()
export class SessionAnswer {
  constructor(private readonly cookie: RefreshCookie) {}

  signedIn(reply: FastifyReply, grant: SessionGrant): ApiSuccess<AuthSession> {
    this.cookie.set(reply, grant);
    return ok(toSession(grant), { message: AUTH_MESSAGES.loggedIn });
  }
}

/**
 * A public POST that takes credentials of some kind: 200, and the per-address rate limit of the credential endpoints.
 */
export function CredentialPost(path: string): MethodDecorator {
  return applyDecorators(Public(), Post(path), HttpCode(HttpStatus.OK), UseGuards(AuthThrottlerGuard));
}
