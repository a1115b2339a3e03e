import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { authenticatedUserIdOf } from './authenticated-request';

/** The id of the user whose access token the global guard verified; only on routes that are not @Public(). */
export const CurrentUserId = createParamDecorator((_: unknown, context: ExecutionContext): string =>
  authenticatedUserIdOf(context.switchToHttp().getRequest<object>()),
);
