import { fromBase64Url, randomBytes, toBase64Url } from './base64url';

describe('base64url', () => {
  it('round-trips bytes of every length, including megabytes', () => {
    for (const length of [0, 1, 2, 3, 4, 31, 32, 33, 40, 65536]) {
      const bytes = randomBytes(length);
      expect(fromBase64Url(toBase64Url(bytes))).toEqual(bytes);
    }
    const large = new Uint8Array(1024 * 1024 + 7).map((_, index) => index % 251);
    expect(fromBase64Url(toBase64Url(large))).toEqual(large);
  });

  it('writes the URL alphabet without padding', () => {
    expect(toBase64Url(new Uint8Array([0xfb, 0xff, 0xbf]))).toBe('-_-_');
    expect(toBase64Url(new Uint8Array([1]))).toBe('AQ');
  });

  it('refuses text that is not base64url', () => {
    expect(() => fromBase64Url('a+b/')).toThrow(TypeError);
    expect(() => fromBase64Url('AAAAA')).toThrow(TypeError);
    expect(() => fromBase64Url('AQ==')).toThrow(TypeError);
  });
});
