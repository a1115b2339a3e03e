import { ValidationPipe, type ValidationError, type ValidationPipeOptions } from '@nestjs/common';
import { ERROR_CODES } from '@memories/contracts';
import { DomainError } from '../errors/domain.error';

/** One field that failed validation, as reported in `error.detail`. */
export interface FieldViolation {
  field: string;
  messages: string[];
}

/** Flattens nested class-validator errors into `a.b.c`-style field paths. */
export function toFieldViolations(errors: ValidationError[], parent = ''): FieldViolation[] {
  return errors.flatMap((error) => {
    const field = parent ? `${parent}.${error.property}` : error.property;
    const own = error.constraints ? [{ field, messages: Object.values(error.constraints) }] : [];
    return [...own, ...toFieldViolations(error.children ?? [], field)];
  });
}

/**
 * The validation settings used at the gateway (HTTP DTOs) and again in each service (bus payloads): unknown
 * properties are rejected rather than silently dropped, and payloads are turned into DTO instances.
 */
export const VALIDATION_OPTIONS: ValidationPipeOptions = {
  whitelist: true,
  forbidNonWhitelisted: true,
  transform: true,
  exceptionFactory: (errors: ValidationError[]) => {
    const violations = toFieldViolations(errors);
    const summary = violations.map((v) => v.messages.join(', ')).join('; ');
    return new DomainError(ERROR_CODES.VALIDATION_FAILED, `Validation failed: ${summary}`, violations);
  },
};

export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe(VALIDATION_OPTIONS);
}
