import { Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SIGN_IN_BINDING_COOKIE_NAME, SIGN_IN_REQUEST_TTL_MS, SINGLE_SIGN_ON_CALLBACK_PATH } from '@memories/contracts';
import { requireSafeText } from '@memories/nest-common';
import { GatewayConfig } from '../config/gateway.config';

/** Bindings are 43 characters, like every secret the auth service makes. */
const MAX_BINDING_LENGTH = 128;

/**
 * The cookie that ties a single sign-on to the browser that started it: only that browser's callback can complete
 * it, so a callback URL passed to someone else (or planted in their browser) signs nobody in. SameSite=Lax, since
 * the provider sends the browser back by a cross-site navigation; HttpOnly; sent only to the callback; it lives as
 * long as the sign-in may take.
 */
@Injectable()
export class SignInBindingCookie {
  constructor(private readonly config: GatewayConfig) {}

  read(request: FastifyRequest): string | undefined {
    const value = request.cookies?.[SIGN_IN_BINDING_COOKIE_NAME];
    return value && value.length <= MAX_BINDING_LENGTH
      ? requireSafeText(`cookie ${SIGN_IN_BINDING_COOKIE_NAME}`, value)
      : undefined;
  }

  set(reply: FastifyReply, binding: string): void {
    reply.setCookie(SIGN_IN_BINDING_COOKIE_NAME, binding, {
      ...this.attributes(),
      maxAge: SIGN_IN_REQUEST_TTL_MS / 1000,
    });
  }

  clear(reply: FastifyReply): void {
    reply.clearCookie(SIGN_IN_BINDING_COOKIE_NAME, this.attributes());
  }

  private attributes() {
    return {
      httpOnly: true,
      secure: this.config.COOKIE_SECURE,
      sameSite: 'lax' as const,
      path: SINGLE_SIGN_ON_CALLBACK_PATH,
    };
  }
}
