import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { MessageContext } from '@memories/contracts';
import { correlationIdOf } from './correlation-id';

/** The envelope context of a request: its correlation id and, once authentication exists, the user id. */
export const RequestContext = createParamDecorator(
  (_: unknown, context: ExecutionContext): MessageContext => ({
    correlationId: correlationIdOf(context.switchToHttp().getRequest<object>()),
  }),
);
