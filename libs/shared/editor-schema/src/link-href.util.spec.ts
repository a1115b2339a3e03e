import { HOSTILE_URLS } from '../test/xss-corpus';
import { isAllowedLinkHref } from './link-href.util';

describe('isAllowedLinkHref', () => {
  it.each([
    'http://example.com',
    'https://example.com/path?q=1&r=2#frag',
    'HTTPS://EXAMPLE.COM',
    'ftp://files.example.com/a.txt',
    'ftps://files.example.com/a.txt',
    'mailto:someone@example.com',
    'tel:+15551234567',
    'callto:someone',
    'sms:+15551234567',
    'cid:part1@example.com',
    'xmpp:someone@example.com',
  ])('accepts %s, a scheme of the link modal', (href) => {
    expect(isAllowedLinkHref(href)).toBe(true);
  });

  it.each(HOSTILE_URLS.map((url) => [JSON.stringify(url), url]))('refuses %s', (_label, href) => {
    expect(isAllowedLinkHref(href)).toBe(false);
  });

  it('refuses URLs carrying raw markup characters, which a real URL has percent-encoded', () => {
    expect(isAllowedLinkHref('https://example.com/x.png><script>alert(1)</script>')).toBe(false);
    expect(isAllowedLinkHref('https://example.com/" onmouseover="alert(1)')).toBe(false);
    expect(isAllowedLinkHref('https://example.com/%3Cscript%3E')).toBe(true);
  });

  it('refuses relative links, which carry no scheme to check', () => {
    expect(isAllowedLinkHref('/memory/1')).toBe(false);
    expect(isAllowedLinkHref('example.com')).toBe(false);
    expect(isAllowedLinkHref('#top')).toBe(false);
  });

  it('refuses web URLs that do not parse and a bare scheme', () => {
    expect(isAllowedLinkHref('https://')).toBe(false);
    expect(isAllowedLinkHref('mailto:')).toBe(false);
  });

  it('refuses non-strings and over-long URLs', () => {
    expect(isAllowedLinkHref(null)).toBe(false);
    expect(isAllowedLinkHref(42)).toBe(false);
    expect(isAllowedLinkHref(`https://example.com/${'a'.repeat(2100)}`)).toBe(false);
  });
});
