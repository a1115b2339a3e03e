import { DomainError } from '@memories/nest-common';
import { idempotencyKeyOf } from './idempotency-key.decorator';

describe('the Idempotency-Key header', () => {
  it('is optional', () => {
    expect(idempotencyKeyOf({ headers: {} })).toBeUndefined();
  });

  it('is passed on as sent', () => {
    expect(idempotencyKeyOf({ headers: { 'idempotency-key': '3f1c2a4e-retry' } })).toBe('3f1c2a4e-retry');
  });

  it.each([
    ['empty', ''],
    ['longer than 255 characters', 'k'.repeat(256)],
    ['not ASCII', 'clé'],
  ])('is refused with VALIDATION_FAILED when %s', (_kind, value) => {
    expect(() => idempotencyKeyOf({ headers: { 'idempotency-key': value } })).toThrow(
      new DomainError('VALIDATION_FAILED', 'Idempotency-Key must be 1 to 255 ASCII characters'),
    );
  });
});
