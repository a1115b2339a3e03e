import { parseFragment, serialize } from 'parse5';
import sanitizeHtml, { type IOptions } from 'sanitize-html';
import { ALLOWED_IMAGE_SCHEMES, ALLOWED_LINK_SCHEMES, TEXT_ALIGNMENTS } from './editor-schema.constants';
import { isAllowedImageSource } from './image-source.util';
import { isAllowedLinkHref } from './link-href.util';
import { CODE_LANGUAGE_CLASS, LINK_CLASS_NAME, SAFE_CSS_COLOR, SAFE_CSS_FONT_FAMILY, SAFE_CSS_PIXELS } from './value-patterns.util';

const textAlign = { 'text-align': [new RegExp(`^(?:${TEXT_ALIGNMENTS.join('|')})$`)] };
const tableWidths = { width: [SAFE_CSS_PIXELS], 'min-width': [SAFE_CSS_PIXELS] };
const blockWithAlign = ['style'];

/**
 * The HTML allow-list mirrors the schema of `createExtensions` exactly: the tags its nodes and marks render, the
 * attributes they write, and the style properties they set, with the same value patterns the normaliser applies.
 * A change to the schema needs the same change here (the round-trip tests fail otherwise).
 */
export const MEMORY_HTML_SANITIZE_OPTIONS: IOptions = {
  allowedTags: [
    'p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'ul', 'ol', 'li', 'pre', 'code', 'hr', 'br',
    'strong', 'em', 's', 'mark', 'span', 'a', 'img',
    'table', 'colgroup', 'col', 'tbody', 'tr', 'th', 'td',
  ],
  allowedAttributes: {
    p: blockWithAlign, h1: blockWithAlign, h2: blockWithAlign, h3: blockWithAlign, h4: blockWithAlign, h5: blockWithAlign, h6: blockWithAlign,
    ol: ['start', 'type'],
    a: ['href', 'target', 'rel', 'title'],
    img: ['src', 'alt', 'title', 'width', 'data-align'],
    span: ['style'],
    mark: ['data-color', 'style'],
    table: ['style'],
    col: ['style'],
    td: ['colspan', 'rowspan', 'colwidth', 'style'],
    th: ['colspan', 'rowspan', 'colwidth', 'style'],
  },
  allowedClasses: {
    code: [CODE_LANGUAGE_CLASS],
    a: [LINK_CLASS_NAME],
  },
  allowedStyles: {
    p: textAlign, h1: textAlign, h2: textAlign, h3: textAlign, h4: textAlign, h5: textAlign, h6: textAlign,
    td: textAlign, th: textAlign,
    span: { color: [SAFE_CSS_COLOR], 'font-family': [SAFE_CSS_FONT_FAMILY] },
    mark: { 'background-color': [SAFE_CSS_COLOR], color: [SAFE_CSS_COLOR] },
    table: tableWidths,
    col: tableWidths,
  },
  allowedSchemes: [...ALLOWED_LINK_SCHEMES],
  allowedSchemesByTag: { img: [...ALLOWED_IMAGE_SCHEMES] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  // Removed elements lose their content too, so nothing of a `<script>` or `<style>` ever shows as text.
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'template', 'svg', 'math', 'iframe', 'object', 'embed', 'xmp', 'noembed', 'noframes', 'plaintext'],
  // The same URL rules as the normaliser, which are stricter than scheme lists alone (no relative links, images
  // only from the web or our own paths).
  transformTags: {
    a: (tagName, attribs) => {
      const safe = { ...attribs };
      if (!isAllowedLinkHref(safe['href'])) delete safe['href'];
      if (safe['target'] !== '_blank') return { tagName, attribs: safe };
      const rel = (safe['rel'] ?? 'nofollow').split(/\s+/).filter(Boolean);
      return { tagName, attribs: { ...safe, rel: [...new Set(['noopener', 'noreferrer', ...rel])].join(' ') } };
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
  return asBrowserParsesIt(sanitizeHtml(asBrowserParsesIt(html), MEMORY_HTML_SANITIZE_OPTIONS));
}
