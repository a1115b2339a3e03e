import { newRecoveryKey, parseRecoveryKey } from './recovery-key';

describe('recovery keys', () => {
  it('are 256 random bits shown as 13 groups of four unambiguous characters', () => {
    const key = newRecoveryKey();
    expect(key).toMatch(/^([0-9A-HJKMNP-TV-Z]{4}-){12}[0-9A-HJKMNP-TV-Z]{4}$/);
    expect(newRecoveryKey()).not.toBe(key);
    expect(parseRecoveryKey(key)).toHaveLength(32);
  });

  it('read back the same bytes however they are typed', () => {
    const key = newRecoveryKey();
    const bytes = parseRecoveryKey(key);
    expect(parseRecoveryKey(key.toLowerCase().replace(/-/g, ' '))).toEqual(bytes);
    expect(parseRecoveryKey(`  ${key.replace(/-/g, '')}\n`)).toEqual(bytes);
    expect(parseRecoveryKey(key.replace(/0/g, 'O').replace(/1/g, 'l'))).toEqual(bytes);
  });

  it('are refused when they cannot be one', () => {
    const key = newRecoveryKey();
    expect(parseRecoveryKey(key.slice(0, -1))).toBeNull();
    expect(parseRecoveryKey(`${key}A`)).toBeNull();
    expect(parseRecoveryKey(key.replace(/.$/, 'U'))).toBeNull();
    expect(parseRecoveryKey('')).toBeNull();
  });
});
