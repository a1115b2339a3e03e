import {
  type ArgumentMetadata,
  ValidationPipe,
  type ValidationError,
  type ValidationPipeOptions,
} from '@nestjs/common';
import type { ValidatorOptions } from 'class-validator';
import { ERROR_CODES } from '@memories/contracts';
import { DomainError } from '../errors/domain.error';
import { unsafeTextErrors } from './safe-text';
import { rememberValidationMetadata } from './validation-metadata.cache';

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

/**
 * The deepest nesting a request may have: an editor document (64 levels of nodes, each an object in an array) needs
 * about 130.
 */
export const MAX_NESTING_DEPTH = 256;

/** Whether arrays and objects inside the value nest deeper than `limit`, found without recursion. */
function nestsDeeperThan(value: unknown, limit: number): boolean {
  const pending: Array<[unknown, number]> = [[value, 0]];
  while (pending.length > 0) {
    const [node, depth] = pending.pop() as [unknown, number];
    if (typeof node !== 'object' || node === null || ArrayBuffer.isView(node)) continue;
    if (depth >= limit) return true;
    for (const child of Object.values(node)) pending.push([child, depth + 1]);
  }
  return false;
}

function nestingError(field: string): ValidationError {
  return {
    property: field,
    constraints: { maxNesting: `${field} must not nest deeper than ${MAX_NESTING_DEPTH} levels` },
    children: [],
  };
}

/**
 * The one validation pipe of the gateway and of every bus handler. On top of each DTO's own rules, no string that
 * reaches a handler may hold a control character or an unpaired surrogate (PostgreSQL cannot store NUL; the others
 * are invisible or not text at all): such a string is refused with 400 naming its field, unless its DTO marks the
 * field @CleanText(). This holds for every DTO, body, query, path parameter and bus payload, including those
 * written later, without anything to add to them; values of custom parameter decorators (headers) are checked as
 * they come.
 */
class SafeTextValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    // Nest's own pipe and class-transformer recurse through the value: a hostile nesting would exhaust the stack.
    if (nestsDeeperThan(value, MAX_NESTING_DEPTH)) {
      throw await this.exceptionFactory([
        nestingError(typeof metadata.data === 'string' ? metadata.data : metadata.type),
      ]);
    }
    if (!this.isDtoClass(metadata)) {
      const field = typeof metadata.data === 'string' ? metadata.data : metadata.type;
      const errors = unsafeTextErrors(value, field, { instances: false });
      if (errors.length > 0) throw await this.exceptionFactory(errors);
    }
    return super.transform(value, metadata);
  }

  /**
   * After the DTO's transforms (so @CleanText has cleaned its fields), before its own rules: some of them throw on
   * an unpaired surrogate (validator's isEmail encodes the text with encodeURI), which would be a 500.
   */
  protected override async validate(object: object, options?: ValidatorOptions): Promise<ValidationError[]> {
    const unsafe = unsafeTextErrors(object);
    return unsafe.length > 0 ? unsafe : super.validate(object, options);
  }

  /** A parameter the pipe turns into a DTO instance and validates; anything else is checked as it comes. */
  private isDtoClass(metadata: ArgumentMetadata): boolean {
    return metadata.type !== 'custom' && this.toValidate(metadata);
  }
}

export function createValidationPipe(): ValidationPipe {
  rememberValidationMetadata();
  return new SafeTextValidationPipe(VALIDATION_OPTIONS);
}
