import { browserLabel } from './browser-label';

describe('browserLabel', () => {
  it.each([
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36',
      'Chrome on Linux',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      'Safari on iOS',
    ],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0', 'Firefox on Windows'],
  ])('names %s', (userAgent, label) => {
    expect(browserLabel(userAgent)).toBe(label);
  });

  it('says "Unknown browser" when the browser did not say or cannot be recognised', () => {
    expect(browserLabel(null)).toBe('Unknown browser');
    expect(browserLabel('')).toBe('Unknown browser');
    expect(browserLabel('%%%')).toBe('Unknown browser');
  });
});
