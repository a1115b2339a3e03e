import fc from 'fast-check';
import { findExecutableShapesInHtml, findExecutableShapesInJson } from '../test/executable-shapes';
import { HOSTILE_CSS_VALUES, HOSTILE_HTML, HOSTILE_IMAGE_SOURCES, HOSTILE_URLS } from '../test/xss-corpus';
import { normalizeDocument } from './normalize-document';
import { renderHtml } from './render-html';
import { sanitizeMemoryHtml } from './sanitize-memory-html';

const NODE_TYPES = [
  'doc',
  'paragraph',
  'heading',
  'blockquote',
  'bulletList',
  'orderedList',
  'listItem',
  'codeBlock',
  'horizontalRule',
  'hardBreak',
  'table',
  'tableRow',
  'tableCell',
  'tableHeader',
  'image',
  'text',
  'script',
  'iframe',
  'svg',
  '__proto__',
  'constructor',
];
const MARK_TYPES = [
  'bold',
  'italic',
  'strike',
  'highlight',
  'textStyle',
  'link',
  'underline',
  'code',
  'onclick',
  '__proto__',
];
const ATTRIBUTE_NAMES = [
  'textAlign',
  'level',
  'start',
  'type',
  'language',
  'colspan',
  'rowspan',
  'colwidth',
  'align',
  'src',
  'alt',
  'title',
  'width',
  'height',
  'href',
  'target',
  'rel',
  'class',
  'color',
  'fontFamily',
  'onclick',
  'onerror',
  'style',
  'srcdoc',
  '__proto__',
];

const hostileString = fc.constantFrom(
  ...HOSTILE_URLS,
  ...HOSTILE_IMAGE_SOURCES,
  ...HOSTILE_HTML,
  ...HOSTILE_CSS_VALUES,
  'https://ok.example/a.png',
  '/api/files/a.png',
  'center',
  '#ff0000',
  'Inter',
);
const attributeValue = fc.oneof(
  hostileString,
  fc.string(),
  fc.integer({ min: -10, max: 2000 }),
  fc.double(),
  fc.constant(null),
  fc.array(fc.oneof(fc.integer(), fc.string()), { maxLength: 3 }),
);
const attrs = fc.dictionary(fc.constantFrom(...ATTRIBUTE_NAMES), attributeValue, { maxKeys: 5 });
// Well-formed pieces mixed with hostile values, so that links, styles and images are really rendered.
const linkMark = fc.record({
  type: fc.constant('link'),
  attrs: fc.record({
    href: fc.oneof(
      fc.constantFrom('https://ok.example/?a=1&b="2"', 'mailto:a@example.com', 'tel:+15551234'),
      hostileString,
    ),
    target: attributeValue,
    rel: attributeValue,
    class: attributeValue,
    title: attributeValue,
  }),
});
const styleMark = fc.record({
  type: fc.constantFrom('textStyle', 'highlight'),
  attrs: fc.record({
    color: fc.oneof(fc.constantFrom('#ff0000', 'rgb(1, 2, 3)', 'red'), hostileString),
    fontFamily: fc.oneof(fc.constantFrom('Inter', '"Courier New", monospace'), hostileString),
  }),
});
const mark = fc.oneof(
  fc.record({ type: fc.constantFrom(...MARK_TYPES), attrs }, { requiredKeys: ['type'] }),
  linkMark,
  styleMark,
);
const image = fc.record({
  type: fc.constant('image'),
  attrs: fc.record({
    src: fc.oneof(fc.constantFrom('/api/files/a.png', '/api/files/u1/b.jpg?v=2&w=3'), hostileString),
    alt: attributeValue,
    title: attributeValue,
    width: attributeValue,
    height: attributeValue,
    align: attributeValue,
  }),
});

const { node } = fc.letrec<{ node: unknown }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    image,
    fc.record(
      {
        type: fc.constant('text'),
        text: fc.oneof(fc.string(), hostileString),
        marks: fc.array(mark, { maxLength: 3 }),
      },
      { requiredKeys: ['type', 'text'] },
    ),
    fc.record(
      {
        type: fc.constantFrom(...NODE_TYPES),
        attrs,
        marks: fc.array(mark, { maxLength: 2 }),
        content: fc.array(tie('node'), { maxLength: 4 }),
      },
      { requiredKeys: ['type'] },
    ),
  ),
}));
const hostileDocument = fc.record({ type: fc.constant('doc'), content: fc.array(node, { maxLength: 6 }) });

const htmlPiece = fc.oneof(
  fc.constantFrom(...HOSTILE_HTML),
  fc.constantFrom(
    '<p>',
    '</p>',
    '<a href="',
    '">',
    '<img src=',
    ' onerror=',
    '<svg>',
    '<math>',
    '<style>',
    '</style>',
    '<!--',
    '-->',
    '&#106;',
    'javascript:',
    '"',
    "'",
    '<',
    '>',
    '/',
    '=',
    ' ',
  ),
  fc.string({ maxLength: 8 }),
);
const hostileHtml = fc.array(htmlPiece, { maxLength: 20 }).map((pieces) => pieces.join(''));

describe('sanitising, as properties over generated hostile input', () => {
  it('renders every generated document to HTML with nothing executable, which sanitising again leaves unchanged', () => {
    fc.assert(
      fc.property(hostileDocument, (input) => {
        const normalized = normalizeDocument(input, { fileUrlPrefix: '/api/files/' });
        const html = renderHtml(normalized);
        expect(findExecutableShapesInJson(normalized)).toEqual([]);
        expect(findExecutableShapesInHtml(html)).toEqual([]);
        expect(sanitizeMemoryHtml(html)).toBe(html);
      }),
      { numRuns: 300 },
    );
  });

  it('normalising a normalised document changes nothing', () => {
    fc.assert(
      fc.property(hostileDocument, (input) => {
        const once = normalizeDocument(input);
        expect(normalizeDocument(once)).toEqual(once);
      }),
      { numRuns: 300 },
    );
  });

  it('sanitising arbitrary HTML twice gives the same result as once, with nothing executable', () => {
    fc.assert(
      fc.property(hostileHtml, (html) => {
        const once = sanitizeMemoryHtml(html);
        expect(sanitizeMemoryHtml(once)).toBe(once);
        expect(findExecutableShapesInHtml(once)).toEqual([]);
      }),
      { numRuns: 500 },
    );
  });
});
