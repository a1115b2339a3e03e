import { findExecutableShapesInHtml, findExecutableShapesInJson } from '../test/executable-shapes';
import { HOSTILE_CSS_VALUES, HOSTILE_HTML, HOSTILE_IMAGE_SOURCES, HOSTILE_URLS } from '../test/xss-corpus';
import type { MemoryDocument } from './document.types';
import { normalizeDocument } from './normalize-document';
import { renderHtml } from './render-html';
import { sanitizeMemoryHtml } from './sanitize-memory-html';

const FILE_URL_PREFIX = 'https://app.example/api/files/';
const text = (value: string, marks?: unknown[]) =>
  marks ? { type: 'text', text: value, marks } : { type: 'text', text: value };
const paragraph = (...content: unknown[]) => ({ type: 'paragraph', content });
const doc = (...content: unknown[]) => ({ type: 'doc', content });

const HOSTILE_STRINGS = [
  ...new Set([...HOSTILE_URLS, ...HOSTILE_IMAGE_SOURCES, ...HOSTILE_HTML, ...HOSTILE_CSS_VALUES]),
];

/** Hostile documents as a client could send them: every hostile string in every slot the schema has. */
const HOSTILE_DOCUMENTS: [string, unknown][] = [
  ...HOSTILE_URLS.map((href): [string, unknown] => [
    `link to ${JSON.stringify(href)}`,
    doc(paragraph(text('click', [{ type: 'link', attrs: { href } }]))),
  ]),
  ...HOSTILE_URLS.map((href): [string, unknown] => [
    `allowed link with hostile extras ${JSON.stringify(href)}`,
    doc(
      paragraph(
        text('x', [
          {
            type: 'link',
            attrs: { href: 'https://ok.example', target: href, rel: href, class: href, title: href, onclick: href },
          },
        ]),
      ),
    ),
  ]),
  ...HOSTILE_IMAGE_SOURCES.map((src): [string, unknown] => [
    `image from ${JSON.stringify(src)}`,
    doc({ type: 'image', attrs: { src } }),
  ]),
  ...HOSTILE_STRINGS.map((value): [string, unknown] => [
    `hostile value in every attribute: ${JSON.stringify(value).slice(0, 60)}`,
    doc(
      { type: 'heading', attrs: { level: value, textAlign: value, onclick: value }, content: [text(value)] },
      {
        type: 'paragraph',
        attrs: { textAlign: value, style: value, class: value },
        content: [
          text(value, [
            { type: 'textStyle', attrs: { color: value, fontFamily: value } },
            { type: 'highlight', attrs: { color: value } },
          ]),
        ],
      },
      {
        type: 'orderedList',
        attrs: { start: value, type: value },
        content: [{ type: 'listItem', attrs: { onclick: value }, content: [paragraph(text(value))] }],
      },
      { type: 'codeBlock', attrs: { language: value }, content: [text(value)] },
      {
        type: 'image',
        attrs: {
          src: `${FILE_URL_PREFIX}a.png`,
          alt: value,
          title: value,
          width: value,
          height: value,
          align: value,
          onerror: value,
          srcset: value,
        },
      },
      {
        type: 'table',
        attrs: { style: value },
        content: [
          {
            type: 'tableRow',
            content: [
              {
                type: 'tableCell',
                attrs: { colspan: value, rowspan: value, colwidth: [value], align: value, style: value },
                content: [paragraph(text(value))],
              },
            ],
          },
        ],
      },
    ),
  ]),
  [
    'unknown nodes',
    doc(
      { type: 'script', content: [text('alert(1)')] },
      { type: 'iframe', attrs: { srcdoc: '<script>alert(1)</script>' } },
      { type: 'rawHtml', attrs: { html: '<img src=x onerror=alert(1)>' } },
      { type: 'svg', content: [{ type: 'script' }] },
    ),
  ],
  [
    'unknown marks',
    doc(
      paragraph(
        text('x', [
          { type: 'onclick', attrs: { value: 'alert(1)' } },
          { type: 'style', attrs: { css: 'x:expression(alert(1))' } },
          { type: 'code' },
        ]),
      ),
    ),
  ],
  ['a nested document', doc(paragraph({ type: 'doc', content: [{ type: 'script' }] }))],
];

describe('the XSS corpus', () => {
  describe('documents: nothing executable survives normalisation and rendering', () => {
    it.each(HOSTILE_DOCUMENTS)('%s', (_name, input) => {
      const normalized = normalizeDocument(input, { fileUrlPrefix: FILE_URL_PREFIX });
      const html = renderHtml(normalized);
      expect(findExecutableShapesInJson(normalized)).toEqual([]);
      expect(findExecutableShapesInHtml(html)).toEqual([]);
      expect(sanitizeMemoryHtml(html)).toBe(html);
    });
  });

  it('drops every hostile link and keeps its text', () => {
    for (const href of HOSTILE_URLS) {
      expect(normalizeDocument(doc(paragraph(text('click', [{ type: 'link', attrs: { href } }]))))).toEqual(
        doc({ type: 'paragraph', attrs: { textAlign: null }, content: [text('click')] }),
      );
    }
  });

  it('drops every hostile or foreign image', () => {
    for (const src of [...HOSTILE_IMAGE_SOURCES, 'https://cdn.example/a.png']) {
      const normalized = normalizeDocument(doc({ type: 'image', attrs: { src } }), { fileUrlPrefix: FILE_URL_PREFIX });
      expect(normalized.content.some((node) => node.type === 'image')).toBe(false);
    }
  });

  it('keeps hostile text as visible, inert text', () => {
    const html = renderHtml(normalizeDocument(doc(paragraph(text('<img src=x onerror=alert(1)>')))));
    expect(html).toBe('<p>&lt;img src=x onerror=alert(1)&gt;</p>');
  });

  describe('raw HTML: the sanitiser lets nothing executable through', () => {
    it.each(HOSTILE_HTML.map((html) => [html]))('%s', (html) => {
      const once = sanitizeMemoryHtml(html);
      expect(findExecutableShapesInHtml(once)).toEqual([]);
      expect(sanitizeMemoryHtml(once)).toBe(once);
    });
  });

  it('keeps safe formatting while removing the hostile parts around it', () => {
    expect(
      sanitizeMemoryHtml(
        '<p style="text-align: center; position: fixed; top: 0" onclick="x">Hi <strong>there</strong><script>alert(1)</script></p>',
      ),
    ).toBe('<p style="text-align:center">Hi <strong>there</strong></p>');
    expect(sanitizeMemoryHtml('<a href="https://ok.example" target="_blank" onclick="alert(1)">x</a>')).toBe(
      '<a href="https://ok.example" target="_blank" rel="noopener noreferrer nofollow">x</a>',
    );
  });

  it('detects what it is meant to detect (the oracle itself can fail)', () => {
    expect(findExecutableShapesInHtml('<a href="&#106;avascript:alert(1)">x</a>')).toContain('link scheme javascript:');
    expect(findExecutableShapesInHtml('<img src="data:image/png;base64,AAAA">')).toContain('image scheme data:');
    expect(findExecutableShapesInHtml('<p onclick="x">x</p>')).toContain('event handler onclick');
    expect(findExecutableShapesInHtml('<svg><p>x</p></svg>').length).toBeGreaterThan(0);
    expect(findExecutableShapesInHtml('<p style="background:url(x)">x</p>').length).toBeGreaterThan(0);
    const unsafeDoc: MemoryDocument = {
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [{ type: 'text', text: 'x', marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }] }],
        },
      ],
    };
    expect(findExecutableShapesInJson(unsafeDoc)).toEqual(['link javascript:alert(1)']);
  });
});
