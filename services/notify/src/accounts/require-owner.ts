import { ERROR_CODES, type MessageContext } from '@memories/contracts';
import { DomainError } from '@memories/nest-common';

/** The user the gateway verified: every request about one's own webhooks, reminders or devices has one. */
export function requireOwner(context: MessageContext): string {
  if (!context.userId) throw new DomainError(ERROR_CODES.UNAUTHORIZED, 'Authentication required');
  return context.userId;
}
