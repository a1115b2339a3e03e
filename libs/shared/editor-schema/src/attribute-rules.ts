import { cleanText } from '@memories/contracts';
import { CONTROL_CHARACTERS_GLOBAL } from './control-characters.util';
import { HEADING_LEVELS, TEXT_ALIGNMENTS } from './editor-schema.constants';
import { CODE_LANGUAGE, LINK_CLASS_NAME, SAFE_CSS_COLOR, SAFE_CSS_FONT_FAMILY } from './value-patterns.util';
import { isAllowedImageSource } from './image-source.util';
import { isAllowedLinkHref } from './link-href.util';
import { toImageAlignment, toImageWidth } from './memory-image.extension';

export interface AttributeRuleContext {
  fileUrlPrefix: string | null;
}

/** Returns the value to keep, or `undefined` to fall back to the attribute's default. */
type AttributeRule = (value: unknown, context: AttributeRuleContext) => unknown;

const MAX_TEXT_ATTRIBUTE_LENGTH = 1000;
const LINK_REL_TOKENS = new Set(['noopener', 'noreferrer', 'nofollow', 'ugc', 'external']);

const oneOf =
  (...allowed: readonly unknown[]): AttributeRule =>
  (value) =>
    allowed.includes(value) ? value : undefined;

const integer =
  (min: number, max: number): AttributeRule =>
  (value) =>
    typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max ? value : undefined;

const matching =
  (pattern: RegExp): AttributeRule =>
  (value) =>
    typeof value === 'string' && pattern.test(value) ? value : undefined;

const plainText: AttributeRule = (value) =>
  typeof value === 'string'
    ? cleanText(value.replace(CONTROL_CHARACTERS_GLOBAL, ' ').slice(0, MAX_TEXT_ATTRIBUTE_LENGTH))
    : undefined;

const tokens =
  (isAllowed: (token: string) => boolean): AttributeRule =>
  (value) => {
    if (typeof value !== 'string') return undefined;
    const kept = [...new Set(value.split(/\s+/).filter((token) => token && isAllowed(token)))];
    return kept.length > 0 ? kept.join(' ') : undefined;
  };

const textAlign = oneOf(...TEXT_ALIGNMENTS);
const cellAlign = oneOf('left', 'center', 'right');
const cellSpan = integer(1, 1000);
const columnWidths: AttributeRule = (value) =>
  Array.isArray(value) &&
  value.length > 0 &&
  value.length <= 1000 &&
  value.every((width) => Number.isInteger(width) && width >= 0 && width <= 10_000)
    ? [...value]
    : undefined;

/**
 * Every attribute of every node and mark in the schema, with the values it may hold. An attribute that is not
 * listed is dropped (a unit test fails when the schema gains one that is not listed here). A node or mark whose
 * required attribute (see `REQUIRED_ATTRIBUTES`) has no acceptable value is dropped as a whole.
 */
export const ATTRIBUTE_RULES: Readonly<Record<string, Readonly<Record<string, AttributeRule>>>> = {
  doc: {},
  text: {},
  paragraph: { textAlign },
  heading: { textAlign, level: oneOf(...HEADING_LEVELS) },
  blockquote: {},
  bulletList: {},
  orderedList: { start: integer(0, 1_000_000), type: oneOf('1', 'a', 'A', 'i', 'I') },
  listItem: {},
  codeBlock: { language: matching(CODE_LANGUAGE) },
  horizontalRule: {},
  hardBreak: {},
  table: {},
  tableRow: {},
  tableCell: { colspan: cellSpan, rowspan: cellSpan, colwidth: columnWidths, align: cellAlign },
  tableHeader: { colspan: cellSpan, rowspan: cellSpan, colwidth: columnWidths, align: cellAlign },
  image: {
    src: (value, context) => (isAllowedImageSource(value, context.fileUrlPrefix) ? value : undefined),
    alt: plainText,
    title: plainText,
    width: (value) => toImageWidth(value) ?? undefined,
    height: integer(1, 10_000),
    align: (value) => toImageAlignment(value) ?? undefined,
  },
  bold: {},
  italic: {},
  strike: {},
  highlight: { color: matching(SAFE_CSS_COLOR) },
  textStyle: { color: matching(SAFE_CSS_COLOR), fontFamily: matching(SAFE_CSS_FONT_FAMILY) },
  link: {
    href: (value) => (isAllowedLinkHref(value) ? value : undefined),
    target: oneOf('_blank', '_self'),
    rel: tokens((token) => LINK_REL_TOKENS.has(token.toLowerCase())),
    class: tokens((token) => LINK_CLASS_NAME.test(token)),
    title: plainText,
  },
};

/** Nodes and marks that mean nothing without this attribute. */
export const REQUIRED_ATTRIBUTES: Readonly<Record<string, string>> = { image: 'src', link: 'href' };

/**
 * The attributes of `raw` that pass their rules; `null` when a required attribute is missing or refused.
 * Unknown attributes are left out, so the schema's defaults apply to them.
 */
export function sanitizeAttributes(
  typeName: string,
  raw: unknown,
  context: AttributeRuleContext,
): Record<string, unknown> | null {
  const rules = ATTRIBUTE_RULES[typeName] ?? {};
  const input = raw !== null && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  const attributes: Record<string, unknown> = {};
  for (const [name, rule] of Object.entries(rules)) {
    if (!Object.prototype.hasOwnProperty.call(input, name)) continue;
    const value = rule(input[name], context);
    if (value !== undefined) attributes[name] = value;
  }
  const required = REQUIRED_ATTRIBUTES[typeName];
  if (required !== undefined && attributes[required] === undefined) return null;
  if (typeName === 'link') return withSafeNewWindow(attributes);
  return attributes;
}

/** A link opened in a new window must not hand the opened page a handle on ours (reverse tabnabbing). */
function withSafeNewWindow(attributes: Record<string, unknown>): Record<string, unknown> {
  const target = attributes['target'] === undefined ? '_blank' : attributes['target'];
  if (target !== '_blank') return attributes;
  const rel = typeof attributes['rel'] === 'string' ? attributes['rel'].split(' ') : ['nofollow'];
  return { ...attributes, rel: [...new Set(['noopener', 'noreferrer', ...rel])].join(' ') };
}
