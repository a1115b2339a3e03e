import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { ApiHeader } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { isAscii, length } from 'class-validator';
import { ERROR_CODES, IDEMPOTENCY_KEY_HEADER, MAX_IDEMPOTENCY_KEY_LENGTH } from '@memories/contracts';
import { DomainError } from '@memories/nest-common';

export const IDEMPOTENCY_KEY_MESSAGE = `Idempotency-Key must be 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} ASCII characters`;

/** The request's Idempotency-Key header, if any; a malformed one is refused (400) rather than ignored. */
export function idempotencyKeyOf(request: Pick<FastifyRequest, 'headers'>): string | undefined {
  const value = request.headers[IDEMPOTENCY_KEY_HEADER];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !length(value, 1, MAX_IDEMPOTENCY_KEY_LENGTH) || !isAscii(value)) {
    throw new DomainError(ERROR_CODES.VALIDATION_FAILED, IDEMPOTENCY_KEY_MESSAGE);
  }
  return value;
}

/** The optional Idempotency-Key header of a create. */
export const IdempotencyKey = createParamDecorator((_: unknown, context: ExecutionContext): string | undefined =>
  idempotencyKeyOf(context.switchToHttp().getRequest<FastifyRequest>()),
);

/** OpenAPI description of the header, on the route that honours it. */
export const ApiIdempotencyKey = (): MethodDecorator =>
  ApiHeader({
    name: 'Idempotency-Key',
    required: false,
    description:
      'Any unique string (e.g. a UUID): sending the same create again with the same key answers the memory the first made, never a second one',
    // The rule idempotencyKeyOf enforces.
    schema: { type: 'string', minLength: 1, maxLength: MAX_IDEMPOTENCY_KEY_LENGTH, pattern: '^[\\x00-\\x7F]+$' },
    example: '0b7e6c1a-52c4-4d7e-8a51-6f0f4c3b9d21',
  });
