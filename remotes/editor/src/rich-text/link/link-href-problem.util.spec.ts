import { linkHrefProblem } from './link-href-problem.util';

describe('link modal URL check', () => {
  it.each([
    'https://example.com',
    'http://example.com/a?b=1',
    'ftp://files.example.com',
    'mailto:ann@example.com',
    'tel:+4912345',
    'xmpp:ann@example.com',
    '  https://example.com  ',
  ])('adds %s', (url) => {
    expect(linkHrefProblem(url)).toBeNull();
  });

  it('refuses an empty URL', () => {
    expect(linkHrefProblem('   ')).toBe('Enter a URL.');
  });

  it.each([
    'javascript:alert(1)',
    'data:text/html,hi',
    'example.com',
    '//example.com',
    'vbscript:x',
    'file:///etc/passwd',
  ])('refuses %s with the allowed schemes', (url) => {
    expect(linkHrefProblem(url)).toMatch(
      /^Links must start with http:, https:, ftp:, ftps:, mailto:, tel:, callto:, sms:, cid:, xmpp:/,
    );
  });
});
