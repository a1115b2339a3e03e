import { TEXT_ALIGNMENTS } from './editor-schema.constants';
import {
  CODE_LANGUAGE_CLASS,
  LINK_CLASS_NAME,
  SAFE_CSS_COLOR,
  SAFE_CSS_FONT_FAMILY,
  SAFE_CSS_PIXELS,
} from './value-patterns.util';

/**
 * The HTML a memory may contain: exactly what the schema of `createExtensions` renders (its nodes' and marks' tags,
 * the attributes they write, the style properties they set, with the same value patterns the normaliser applies).
 * Both sanitisers read it: the server's (sanitize-html) and the editor preview's (DOMPurify). A change to the schema
 * needs the same change here (the round-trip tests fail otherwise).
 */
export const MEMORY_HTML_TAGS = [
  'p',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'ul',
  'ol',
  'li',
  'pre',
  'code',
  'hr',
  'br',
  'strong',
  'em',
  's',
  'mark',
  'span',
  'a',
  'img',
  'table',
  'colgroup',
  'col',
  'tbody',
  'tr',
  'th',
  'td',
];

const blockWithAlign = ['style'];

export const MEMORY_HTML_ATTRIBUTES: Record<string, string[]> = {
  p: blockWithAlign,
  h1: blockWithAlign,
  h2: blockWithAlign,
  h3: blockWithAlign,
  h4: blockWithAlign,
  h5: blockWithAlign,
  h6: blockWithAlign,
  ol: ['start', 'type'],
  a: ['href', 'target', 'rel', 'title'],
  img: ['src', 'alt', 'title', 'width', 'data-align'],
  span: ['style'],
  mark: ['data-color', 'style'],
  table: ['style'],
  col: ['style'],
  td: ['colspan', 'rowspan', 'colwidth', 'style'],
  th: ['colspan', 'rowspan', 'colwidth', 'style'],
};

/** Class names, on the only two tags that may carry any. */
export const MEMORY_HTML_CLASSES: Record<string, RegExp[]> = {
  code: [CODE_LANGUAGE_CLASS],
  a: [LINK_CLASS_NAME],
};

const textAlign = { 'text-align': [new RegExp(`^(?:${TEXT_ALIGNMENTS.join('|')})$`)] };
const tableWidths = { width: [SAFE_CSS_PIXELS], 'min-width': [SAFE_CSS_PIXELS] };

/** Style properties per tag, each with the patterns its value must match. */
export const MEMORY_HTML_STYLES: Record<string, Record<string, RegExp[]>> = {
  p: textAlign,
  h1: textAlign,
  h2: textAlign,
  h3: textAlign,
  h4: textAlign,
  h5: textAlign,
  h6: textAlign,
  td: textAlign,
  th: textAlign,
  span: { color: [SAFE_CSS_COLOR], 'font-family': [SAFE_CSS_FONT_FAMILY] },
  mark: { 'background-color': [SAFE_CSS_COLOR], color: [SAFE_CSS_COLOR] },
  table: tableWidths,
  col: tableWidths,
};

/** Removed elements whose content goes with them, so nothing of a `<script>` or `<style>` ever shows as text. */
export const CONTENT_DROPPING_TAGS = [
  'script',
  'style',
  'textarea',
  'option',
  'noscript',
  'title',
  'template',
  'svg',
  'math',
  'iframe',
  'object',
  'embed',
  'xmp',
  'noembed',
  'noframes',
  'plaintext',
];

/** What a link opening a new tab always carries in `rel`, besides what it had (`nofollow` when it had nothing). */
export function relOfNewTabLink(rel: string | undefined): string {
  const tokens = (rel ?? 'nofollow').split(/\s+/).filter(Boolean);
  return [...new Set(['noopener', 'noreferrer', ...tokens])].join(' ');
}
