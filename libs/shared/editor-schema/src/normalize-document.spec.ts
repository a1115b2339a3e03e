import { DocumentValidationError } from './document-validation.error';
import type { MemoryDocumentNode } from './document.types';
import { MAX_CONTENT_JSON_BYTES, MAX_DOCUMENT_DEPTH } from './editor-schema.constants';
import { normalizeDocument } from './normalize-document';

const doc = (...content: unknown[]) => ({ type: 'doc', content });
const text = (value: string, marks?: unknown[]) =>
  marks ? { type: 'text', text: value, marks } : { type: 'text', text: value };
const paragraph = (...content: unknown[]) => ({ type: 'paragraph', content });
const normalizedParagraph = (...content: unknown[]) => ({ type: 'paragraph', attrs: { textAlign: null }, content });

describe('normalizeDocument', () => {
  it('keeps a document that fits the schema, filling in attribute defaults', () => {
    expect(normalizeDocument(doc(paragraph(text('Hello'))))).toEqual(doc(normalizedParagraph(text('Hello'))));
  });

  it('gives an empty document one empty paragraph', () => {
    expect(normalizeDocument(doc())).toEqual(doc({ type: 'paragraph', attrs: { textAlign: null } }));
  });

  it('reads the document from its JSON text as well', () => {
    expect(normalizeDocument(JSON.stringify(doc(paragraph(text('Hi')))))).toEqual(doc(normalizedParagraph(text('Hi'))));
  });

  describe('drops what the schema does not know', () => {
    it('drops unknown nodes with their content', () => {
      const result = normalizeDocument(
        doc(
          paragraph(text('kept')),
          { type: 'script', content: [text('alert(1)')] },
          { type: 'iframe', attrs: { src: 'https://evil.example' } },
        ),
      );
      expect(result).toEqual(doc(normalizedParagraph(text('kept'))));
    });

    it('drops unknown marks but keeps their text', () => {
      const result = normalizeDocument(
        doc(paragraph(text('x', [{ type: 'underline' }, { type: 'code' }, { type: 'bold' }, { type: 'onclick' }]))),
      );
      expect(result).toEqual(doc(normalizedParagraph(text('x', [{ type: 'bold' }]))));
    });

    it('drops unknown attributes of nodes and marks', () => {
      const result = normalizeDocument(
        doc({
          type: 'paragraph',
          attrs: { onclick: 'alert(1)', style: 'color:red', class: 'x', textAlign: 'center' },
          content: [text('x', [{ type: 'bold', attrs: { onmouseover: 'alert(1)' } }])],
        }),
      );
      expect(result).toEqual(
        doc({ type: 'paragraph', attrs: { textAlign: 'center' }, content: [text('x', [{ type: 'bold' }])] }),
      );
    });

    it('ignores nested documents, `__proto__` types and attributes', () => {
      const hostile = JSON.parse(
        '{"type":"doc","content":[{"type":"__proto__","content":[{"type":"text","text":"x"}]},{"type":"doc","content":[]},' +
          '{"type":"paragraph","attrs":{"__proto__":{"polluted":true},"textAlign":"right"},"content":[{"type":"text","text":"y"}]}]}',
      );
      expect(normalizeDocument(hostile)).toEqual(
        doc({ type: 'paragraph', attrs: { textAlign: 'right' }, content: [text('y')] }),
      );
      expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    });

    it('ignores values of the wrong shape', () => {
      expect(
        normalizeDocument(
          doc(
            null,
            42,
            'text',
            [],
            { content: [] },
            paragraph(text('ok'), { type: 'text', text: 5 }, { type: 'text', text: '' }),
          ),
        ),
      ).toEqual(doc(normalizedParagraph(text('ok'))));
      expect(normalizeDocument({ type: 'doc', content: 'not a list' })).toEqual(
        doc({ type: 'paragraph', attrs: { textAlign: null } }),
      );
    });
  });

  describe('links', () => {
    it('keeps an allowed link and makes a new-window link safe', () => {
      const result = normalizeDocument(
        doc(
          paragraph(
            text('site', [{ type: 'link', attrs: { href: 'https://example.com', target: '_blank', rel: 'nofollow' } }]),
          ),
        ),
      );
      expect(result.content[0].content?.[0].marks).toEqual([
        {
          type: 'link',
          attrs: {
            href: 'https://example.com',
            target: '_blank',
            rel: 'noopener noreferrer nofollow',
            class: null,
            title: null,
          },
        },
      ]);
    });

    it('keeps a same-window link as given', () => {
      const result = normalizeDocument(
        doc(
          paragraph(
            text('site', [{ type: 'link', attrs: { href: 'mailto:a@example.com', target: '_self', rel: 'ugc' } }]),
          ),
        ),
      );
      expect(result.content[0].content?.[0].marks?.[0].attrs).toMatchObject({ target: '_self', rel: 'ugc' });
    });

    it.each([
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'java\tscript:alert(1)',
      '&#106;avascript:alert(1)',
      'data:text/html,x',
      'vbscript:x',
      '/relative',
    ])('drops a link to %j and keeps its text', (href) => {
      expect(
        normalizeDocument(doc(paragraph(text('click', [{ type: 'link', attrs: { href } }, { type: 'italic' }])))),
      ).toEqual(doc(normalizedParagraph(text('click', [{ type: 'italic' }]))));
    });

    it('keeps only harmless rel tokens, targets and class names', () => {
      const result = normalizeDocument(
        doc(
          paragraph(
            text('x', [
              {
                type: 'link',
                attrs: {
                  href: 'https://a.example',
                  target: 'javascript:x',
                  rel: 'opener prefetch ugc',
                  class: 'MuiModal-root css-1abc note',
                },
              },
            ]),
          ),
        ),
      );
      expect(result.content[0].content?.[0].marks?.[0].attrs).toEqual({
        href: 'https://a.example',
        target: '_blank',
        rel: 'noopener noreferrer ugc',
        class: 'note',
        title: null,
      });
    });
  });

  describe('images', () => {
    const image = (attrs: Record<string, unknown>) => ({ type: 'image', attrs });

    it('keeps src, alt, title, a whole-pixel width, legacy height and align', () => {
      const result = normalizeDocument(
        doc(
          image({ src: 'https://x.example/a.png', alt: 'A', title: 'T', width: 320.4, height: 200, align: 'center' }),
        ),
      );
      expect(result).toEqual(
        doc(image({ src: 'https://x.example/a.png', alt: 'A', title: 'T', width: 320, height: 200, align: 'center' })),
      );
    });

    it('caps the width at the resize maximum and drops nonsense sizes', () => {
      const widths = [5000, -3, 0, 'wide', '1e9', Number.NaN].map(
        (width) => (normalizeDocument(doc(image({ src: '/f/a.png', width }))).content[0].attrs ?? {})['width'],
      );
      expect(widths).toEqual([800, null, null, null, null, null]);
    });

    it.each(['data:image/png;base64,iVBORw0KGgo=', 'javascript:alert(1)', '//evil.example/a.png', 'a.png', ''])(
      'drops an image with source %j',
      (src) => {
        expect(normalizeDocument(doc(image({ src }), paragraph(text('after'))))).toEqual(
          doc(normalizedParagraph(text('after'))),
        );
      },
    );

    it('drops images from outside the app file URL prefix when one is given', () => {
      const result = normalizeDocument(
        doc(image({ src: 'https://cdn.example/a.png' }), image({ src: 'https://app.example/api/files/u1/b.png' })),
        {
          fileUrlPrefix: 'https://app.example/api/files/',
        },
      );
      expect(result.content.map((node) => node.attrs?.['src'])).toEqual(['https://app.example/api/files/u1/b.png']);
    });

    it('keeps control characters and length in check in alt text', () => {
      const result = normalizeDocument(doc(image({ src: '/f/a.png', alt: `a\u0000b\nc${'x'.repeat(2000)}` })));
      const alt = String(result.content[0].attrs?.['alt']);
      expect(alt.startsWith('a b c')).toBe(true);
      expect(alt).toHaveLength(1000);
    });

    it('replaces an unpaired surrogate in alt text with U+FFFD', () => {
      const result = normalizeDocument(doc(image({ src: '/f/a.png', alt: 'half \ud83d' })));
      expect(result.content[0].attrs?.['alt']).toBe('half \ufffd');
    });
  });

  describe('styles', () => {
    const styled = (attrs: Record<string, unknown>) => doc(paragraph(text('x', [{ type: 'textStyle', attrs }])));
    const marksOf = (result: { content: MemoryDocumentNode[] }) => result.content[0].content?.[0].marks;

    it('keeps safe colours and font families', () => {
      for (const color of [
        '#f00',
        '#FF0000',
        '#ff000080',
        'rgb(255, 0, 0)',
        'rgba(0,0,0,0.5)',
        'hsl(120 50% 50%)',
        'red',
        'transparent',
      ]) {
        expect(marksOf(normalizeDocument(styled({ color })))).toEqual([
          { type: 'textStyle', attrs: { color, fontFamily: null } },
        ]);
      }
      for (const fontFamily of ['Inter', 'Times New Roman', '"Courier New", monospace', "'Jost', sans-serif"]) {
        expect(marksOf(normalizeDocument(styled({ fontFamily })))).toEqual([
          { type: 'textStyle', attrs: { color: null, fontFamily } },
        ]);
      }
    });

    it.each([
      'red; background: url(javascript:alert(1))',
      'expression(alert(1))',
      'url(https://evil.example/x)',
      '#ff0000;position:fixed',
      '\\72 ed',
      'var(--x)',
    ])('drops the colour %j and with it an otherwise empty text style', (color) => {
      expect(marksOf(normalizeDocument(styled({ color })))).toBeUndefined();
      expect(marksOf(normalizeDocument(doc(paragraph(text('x', [{ type: 'highlight', attrs: { color } }])))))).toEqual([
        { type: 'highlight', attrs: { color: null } },
      ]);
    });

    it.each(['x; behavior: url(x.htc)', 'Arial</style><script>', '"unclosed', 'a{}'])(
      'drops the font family %j',
      (fontFamily) => {
        expect(marksOf(normalizeDocument(styled({ fontFamily, color: '#000000' })))).toEqual([
          { type: 'textStyle', attrs: { color: '#000000', fontFamily: null } },
        ]);
      },
    );

    it('keeps only the four text alignments', () => {
      const aligns = ['left', 'center', 'right', 'justify', 'start', 'center;position:fixed'].map(
        (textAlign) =>
          normalizeDocument(doc({ type: 'heading', attrs: { level: 2, textAlign }, content: [text('h')] })).content[0]
            .attrs?.['textAlign'],
      );
      expect(aligns).toEqual(['left', 'center', 'right', 'justify', null, null]);
    });
  });

  describe('attribute values', () => {
    it('keeps heading levels 1-6 and falls back to level 1 otherwise', () => {
      const levels = [1, 3, 6, 7, 0, '2', 2.5].map(
        (level) =>
          normalizeDocument(doc({ type: 'heading', attrs: { level }, content: [text('h')] })).content[0].attrs?.[
            'level'
          ],
      );
      expect(levels).toEqual([1, 3, 6, 1, 1, 1, 1]);
    });

    it('keeps a whole-number ordered list start', () => {
      const list = (start: unknown) => ({
        type: 'orderedList',
        attrs: { start },
        content: [{ type: 'listItem', content: [paragraph(text('i'))] }],
      });
      expect(
        [5, 0, '3 onclick=x', 1.5].map((start) => normalizeDocument(doc(list(start))).content[0].attrs?.['start']),
      ).toEqual([5, 0, 1, 1]);
    });

    it('keeps table cell spans and column widths only as whole numbers', () => {
      const cell = (attrs: Record<string, unknown>) =>
        doc({
          type: 'table',
          content: [{ type: 'tableRow', content: [{ type: 'tableCell', attrs, content: [paragraph(text('c'))] }] }],
        });
      const cellAttrs = (attrs: Record<string, unknown>) =>
        normalizeDocument(cell(attrs)).content[0].content?.[0].content?.[0].attrs;
      expect(cellAttrs({ colspan: 2, rowspan: 3, colwidth: [120, 80], align: 'center' })).toEqual({
        colspan: 2,
        rowspan: 3,
        colwidth: [120, 80],
        align: 'center',
      });
      expect(cellAttrs({ colspan: '2" onclick="x', rowspan: -1, colwidth: ['1"><script>'], align: 'middle' })).toEqual({
        colspan: 1,
        rowspan: 1,
        colwidth: null,
        align: null,
      });
    });

    it('keeps a plain code block language only', () => {
      const language = (value: unknown) =>
        normalizeDocument(doc({ type: 'codeBlock', attrs: { language: value }, content: [text('x')] })).content[0]
          .attrs?.['language'];
      expect([language('typescript'), language('c++'), language('"><script>'), language('a b')]).toEqual([
        'typescript',
        'c++',
        null,
        null,
      ]);
    });
  });

  describe('structure', () => {
    it('wraps runs of loose inline content in one paragraph', () => {
      expect(
        normalizeDocument(doc(text('a'), { type: 'hardBreak' }, text('b', [{ type: 'bold' }]), paragraph(text('c')))),
      ).toEqual(
        doc(
          normalizedParagraph(text('a'), { type: 'hardBreak' }, text('b', [{ type: 'bold' }])),
          normalizedParagraph(text('c')),
        ),
      );
    });

    it('unwraps a paragraph or heading nested in a paragraph', () => {
      expect(
        normalizeDocument(doc(paragraph(text('a'), paragraph(text('b')), { type: 'heading', content: [text('c')] }))),
      ).toEqual(doc(normalizedParagraph(text('abc'))));
    });

    it('completes lists and tables whose wrappers are missing', () => {
      const result = normalizeDocument(
        doc(
          { type: 'bulletList', content: [{ type: 'listItem', content: [text('item')] }] },
          { type: 'table', content: [{ type: 'tableCell', content: [paragraph(text('cell'))] }] },
        ),
      );
      expect(result.content[0]).toEqual({
        type: 'bulletList',
        content: [{ type: 'listItem', content: [normalizedParagraph(text('item'))] }],
      });
      expect(result.content[1].content?.[0].type).toBe('tableRow');
      expect(result.content[1].content?.[0].content?.[0].type).toBe('tableCell');
    });

    it('strips marks and line breaks from code blocks, which hold plain text only', () => {
      expect(
        normalizeDocument(
          doc({ type: 'codeBlock', content: [text('a', [{ type: 'bold' }]), { type: 'hardBreak' }, text('\nb')] }),
        ),
      ).toEqual(doc({ type: 'codeBlock', attrs: { language: null }, content: [text('a\nb')] }));
    });

    it('removes invisible control characters from text but keeps tabs and line breaks', () => {
      expect(
        normalizeDocument(doc({ type: 'codeBlock', content: [text('a\u0000\u0007b\tc\nd\u007f')] })).content[0].content,
      ).toEqual([text('ab\tc\nd')]);
    });

    it('replaces each unpaired surrogate in text with U+FFFD and keeps emoji', () => {
      expect(normalizeDocument(doc(paragraph(text('\ude00 😀 \ud83d')))).content[0].content).toEqual([
        text('\ufffd 😀 \ufffd'),
      ]);
    });

    it('is idempotent', () => {
      const messy = doc(
        text('a'),
        { type: 'table', content: [{ type: 'tableCell', content: [text('c')] }] },
        { type: 'listItem', content: [text('orphan')] },
      );
      const once = normalizeDocument(messy);
      expect(normalizeDocument(once)).toEqual(once);
    });
  });

  describe('refusals', () => {
    const reasonOf = (input: unknown) => {
      try {
        normalizeDocument(input);
      } catch (error) {
        return error instanceof DocumentValidationError ? error.reason : error;
      }
      return 'accepted';
    };

    it('refuses what is not a document', () => {
      expect([reasonOf(null), reasonOf([]), reasonOf({ type: 'paragraph' }), reasonOf('"doc"'), reasonOf(42)]).toEqual(
        Array(5).fill('NOT_A_DOCUMENT'),
      );
    });

    it('refuses JSON text that does not parse', () => {
      expect(reasonOf('{"type":"doc",')).toBe('INVALID_JSON');
    });

    it(`refuses content over ${MAX_CONTENT_JSON_BYTES} bytes, counted in UTF-8`, () => {
      const emoji = '😀'.repeat(MAX_CONTENT_JSON_BYTES / 4);
      expect(reasonOf(doc(paragraph(text(emoji))))).toBe('TOO_LARGE');
      expect(reasonOf(doc(paragraph(text('a'.repeat(MAX_CONTENT_JSON_BYTES - 200)))))).toBe('accepted');
      expect(reasonOf(doc(paragraph(text('a'.repeat(MAX_CONTENT_JSON_BYTES)))))).toBe('TOO_LARGE');
      expect(reasonOf(doc(paragraph(text('€'.repeat(MAX_CONTENT_JSON_BYTES / 3 - 100)))))).toBe('accepted');
    });

    it(`refuses nesting deeper than ${MAX_DOCUMENT_DEPTH} levels`, () => {
      const nest = (levels: number): unknown =>
        levels === 0 ? paragraph(text('deep')) : { type: 'blockquote', content: [nest(levels - 1)] };
      expect(reasonOf(doc(nest(MAX_DOCUMENT_DEPTH - 2)))).toBe('accepted');
      expect(reasonOf(doc(nest(MAX_DOCUMENT_DEPTH + 1)))).toBe('TOO_DEEP');
    });
  });
});
