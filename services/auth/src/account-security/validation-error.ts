import { ERROR_CODES } from '@memories/contracts';
import { DomainError } from '@memories/nest-common';

/** A 400 whose message is the rule that failed, with the field it belongs to (shown under that field). */
export function validationError(field: string, message: string): DomainError {
  return new DomainError(ERROR_CODES.VALIDATION_FAILED, message, [{ field, messages: [message] }]);
}
