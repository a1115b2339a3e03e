import { parseFragment, serialize } from 'parse5';
import sanitizeHtml, { type IOptions } from 'sanitize-html';
import { ALLOWED_IMAGE_SCHEMES, ALLOWED_LINK_SCHEMES } from './editor-schema.constants';
import { isAllowedImageSource } from './image-source.util';
import { isAllowedLinkHref } from './link-href.util';
import {
  CONTENT_DROPPING_TAGS,
  MEMORY_HTML_ATTRIBUTES,
  MEMORY_HTML_CLASSES,
  MEMORY_HTML_STYLES,
  MEMORY_HTML_TAGS,
  relOfNewTabLink,
} from './memory-html-allow-list';

/** sanitize-html's reading of the memory HTML allow-list (memory-html-allow-list.ts). */
export const MEMORY_HTML_SANITIZE_OPTIONS: IOptions = {
  allowedTags: MEMORY_HTML_TAGS,
  allowedAttributes: MEMORY_HTML_ATTRIBUTES,
  allowedClasses: MEMORY_HTML_CLASSES,
  allowedStyles: MEMORY_HTML_STYLES,
  allowedSchemes: [...ALLOWED_LINK_SCHEMES],
  allowedSchemesByTag: { img: [...ALLOWED_IMAGE_SCHEMES] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: CONTENT_DROPPING_TAGS,
  // The same URL rules as the normaliser, which are stricter than scheme lists alone (no relative links, images
  // only from the web or our own paths).
  transformTags: {
    a: (tagName, attribs) => {
      const safe = { ...attribs };
      if (!isAllowedLinkHref(safe['href'])) delete safe['href'];
      if (safe['target'] !== '_blank') return { tagName, attribs: safe };
      return { tagName, attribs: { ...safe, rel: relOfNewTabLink(safe['rel']) } };
    },
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !isAllowedImageSource(frame.attribs['src']),
};

/** The markup exactly as a browser builds it: parsed and serialised by the HTML standard's own algorithm. */
const asBrowserParsesIt = (html: string): string => serialize(parseFragment(html));

/**
 * Defence in depth behind `normalizeDocument`: even if a renderer bug produced something outside the schema,
 * only the schema's own HTML can leave the server. sanitize-html's parser is more lenient than a browser's, so the
 * input is first rebuilt the way a browser would read it (no parser-differential mutation XSS such as
 * `<noscript><p title="</noscript><img onerror>">`), and the output is rebuilt the same way so that removing an
 * element can never leave markup a browser would restructure (`<p>` inside `<p>`). Idempotent: sanitising its own
 * output changes nothing.
 */
export function sanitizeMemoryHtml(html: string): string {
  const asParsed = asBrowserParsesIt(html);
  const sanitised = sanitizeHtml(asParsed, MEMORY_HTML_SANITIZE_OPTIONS);
  // Where the sanitiser removed and rewrote nothing (our renderer's own HTML, nearly always), its output is already
  // a browser parse's serialisation, which is all the second pass makes sure of. Parsing it again was a quarter of
  // the time a ~2 MiB memory's save took.
  return sanitised === asParsed ? sanitised : asBrowserParsesIt(sanitised);
}
