import { generateRecoveryCodes, isTotpCode, normalizeCode } from './recovery-codes';

describe('recovery codes', () => {
  it('are 10 distinct codes of four groups of four unambiguous characters', () => {
    const codes = generateRecoveryCodes();

    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-km-np-z2-9]{4}(-[a-km-np-z2-9]{4}){3}$/);
  });

  it('compare without case, spaces or dashes', () => {
    expect(normalizeCode(' ABCD-efgh jkmn-PQRS ')).toBe('abcdefghjkmnpqrs');
  });

  it('tell a 6-digit TOTP code from a recovery code', () => {
    expect(isTotpCode(normalizeCode('123 456'))).toBe(true);
    expect(isTotpCode(normalizeCode('abcd-efgh-jkmn-pqrs'))).toBe(false);
    expect(isTotpCode('12345')).toBe(false);
  });
});
