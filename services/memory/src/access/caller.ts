import { ERROR_CODES, type CallerContext, type MessageContext } from '@memories/contracts';
import { DomainError } from '@memories/nest-common';

/** Who asks: the envelope's user (set by the gateway from the verified token), or UNAUTHORIZED when there is none. */
export function requireUser(context: MessageContext): CallerContext {
  if (!context.userId) throw new DomainError(ERROR_CODES.UNAUTHORIZED, 'Authentication required');
  return { ...context, userId: context.userId };
}
