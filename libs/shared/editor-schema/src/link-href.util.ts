import { CONTROL_CHARACTERS } from './control-characters.util';
import { ALLOWED_LINK_SCHEMES, MAX_URL_LENGTH } from './editor-schema.constants';

const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
// Characters a URL never carries unencoded; raw, they only serve to break out of an attribute or smuggle markup.
const MARKUP_CHARACTERS = /[<>"`]/;
const WEB_SCHEMES = new Set(['http', 'https', 'ftp', 'ftps']);
const ALLOWED = new Set<string>(ALLOWED_LINK_SCHEMES);

/**
 * Whether `href` may be stored and rendered as a link target. Only absolute URLs with one of the schemes of spec
 * section 5 pass: the scheme must be the very first characters, so obfuscations such as ` javascript:`,
 * `JaVaScRiPt:`, `java\tscript:` or `&#106;avascript:` never reach a browser. Relative and protocol-relative URLs
 * are refused too: a journal entry links to other sites, and a scheme-less value is where such tricks hide.
 */
export function isAllowedLinkHref(href: unknown): href is string {
  if (typeof href !== 'string' || href.length === 0 || href.length > MAX_URL_LENGTH) return false;
  // Browsers silently drop or trim some control characters (`java\tscript:`): refuse them rather than guess.
  if (CONTROL_CHARACTERS.test(href) || MARKUP_CHARACTERS.test(href)) return false;
  const scheme = SCHEME.exec(href)?.[1]?.toLowerCase();
  if (scheme === undefined || !ALLOWED.has(scheme)) return false;
  if (!WEB_SCHEMES.has(scheme)) return href.length > scheme.length + 1;
  return URL.canParse(href);
}
