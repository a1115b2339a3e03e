import { CONTROL_CHARACTERS } from './control-characters.util';
import { MAX_URL_LENGTH } from './editor-schema.constants';

// Image URLs never need spaces, quotes, angle brackets or backslashes; refusing them closes off attribute
// break-outs and the `\`-as-`/` reading some browsers apply.
const UNSAFE_CHARACTERS = /[ "'<>\\`]/;
const ABSOLUTE_WEB_URL = /^https?:\/\//i;
const PATH_SEGMENT_UP = /(^|\/)\.\.?(\/|$|[?#])/;

/**
 * Whether `src` may be stored as an image source. Never `data:` (base64) or any scheme other than http(s); a
 * root-relative path (`/api/files/...`) is accepted because the app may serve its own files from the same origin.
 * With `fileUrlPrefix`, only URLs below that prefix pass (the app's own uploads), without `..` segments that
 * would climb out of it.
 */
export function isAllowedImageSource(src: unknown, fileUrlPrefix?: string | null): src is string {
  if (typeof src !== 'string' || src.length === 0 || src.length > MAX_URL_LENGTH) return false;
  if (CONTROL_CHARACTERS.test(src) || UNSAFE_CHARACTERS.test(src)) return false;
  const rootRelative = src.startsWith('/') && !src.startsWith('//');
  if (!rootRelative && !(ABSOLUTE_WEB_URL.test(src) && URL.canParse(src))) return false;
  if (!fileUrlPrefix) return true;
  const prefix = fileUrlPrefix.endsWith('/') ? fileUrlPrefix : `${fileUrlPrefix}/`;
  if (!src.startsWith(prefix)) return false;
  const rest = src.slice(prefix.length);
  return rest.length > 0 && !rest.startsWith('/') && !PATH_SEGMENT_UP.test(rest) && !/%2e|%2f|%5c/i.test(rest);
}
