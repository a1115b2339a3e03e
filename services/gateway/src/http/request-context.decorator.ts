import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { MessageContext } from '@memories/contracts';
import { findAuthenticatedUserId } from '../auth/authenticated-request';
import { correlationIdOf } from '@memories/nest-common';

/** The envelope context of a request: its correlation id and, when the guard verified an access token, the user id. */
export const RequestContext = createParamDecorator((_: unknown, context: ExecutionContext): MessageContext => {
  const request = context.switchToHttp().getRequest<object>();
  const userId = findAuthenticatedUserId(request);
  return userId ? { correlationId: correlationIdOf(request), userId } : { correlationId: correlationIdOf(request) };
});
