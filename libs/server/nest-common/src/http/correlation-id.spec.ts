import { correlationIdOf } from './correlation-id';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('correlationIdOf', () => {
  it("keeps the caller's x-correlation-id when it is a sane token", () => {
    expect(correlationIdOf({ headers: { 'x-correlation-id': 'trace-42:a.b_c' } })).toBe('trace-42:a.b_c');
  });

  it.each([
    ['with a space', 'a b'],
    ['with a NUL', 'a\u0000b'],
    ['too long', 'a'.repeat(129)],
    ['empty', ''],
    ['repeated', ['a', 'b']],
  ])('gives a new UUID for a header %s', (_kind, given) => {
    expect(correlationIdOf({ headers: { 'x-correlation-id': given } })).toMatch(UUID);
  });

  it('answers the same id for every call on one request, and a new one for the next request', () => {
    const request = { headers: {} };
    const first = correlationIdOf(request);
    expect(correlationIdOf(request)).toBe(first);
    expect(correlationIdOf({ headers: {} })).not.toBe(first);
  });
});
