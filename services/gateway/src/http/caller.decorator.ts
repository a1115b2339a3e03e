import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { CallerContext, MessageContext } from '@memories/contracts';
import { correlationIdOf, IS_PUBLIC_KEY } from '@memories/nest-common';
import { authenticatedUserIdOf } from '../auth/authenticated-request';

function isPublicRoute(context: ExecutionContext): boolean {
  return Boolean(
    Reflect.getMetadata(IS_PUBLIC_KEY, context.getHandler()) ?? Reflect.getMetadata(IS_PUBLIC_KEY, context.getClass()),
  );
}

/**
 * Who calls, as every bus request carries it: the request's correlation id and the user whose access token the global
 * guard verified (a `CallerContext`). On a @Public() route there is no user: the correlation id alone (a
 * `MessageContext`).
 */
export const Caller = createParamDecorator((_: unknown, context: ExecutionContext): CallerContext | MessageContext => {
  const request = context.switchToHttp().getRequest<object>();
  const correlationId = correlationIdOf(request);
  if (isPublicRoute(context)) return { correlationId };
  return { correlationId, userId: authenticatedUserIdOf(request) };
});
