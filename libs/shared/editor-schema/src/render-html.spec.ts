import { normalizeDocument } from './normalize-document';
import { renderHtml } from './render-html';

const text = (value: string, marks?: unknown[]) =>
  marks ? { type: 'text', text: value, marks } : { type: 'text', text: value };
const paragraph = (...content: unknown[]) => ({ type: 'paragraph', content });
const render = (...content: unknown[]) => renderHtml(normalizeDocument({ type: 'doc', content }));
const cell = (type: string, attrs: Record<string, unknown>, value: string) => ({
  type,
  attrs,
  content: [paragraph(text(value))],
});

describe('renderHtml', () => {
  it.each<[string, unknown, string]>([
    ['a paragraph', paragraph(text('Hello')), '<p>Hello</p>'],
    ['an empty paragraph', { type: 'paragraph' }, '<p></p>'],
    [
      'an aligned paragraph',
      { type: 'paragraph', attrs: { textAlign: 'justify' }, content: [text('J')] },
      '<p style="text-align:justify">J</p>',
    ],
    ...[1, 2, 3, 4, 5, 6].map((level): [string, unknown, string] => [
      `a level ${level} heading`,
      { type: 'heading', attrs: { level, textAlign: 'right' }, content: [text('H')] },
      `<h${level} style="text-align:right">H</h${level}>`,
    ]),
    ['bold', paragraph(text('b', [{ type: 'bold' }])), '<p><strong>b</strong></p>'],
    ['italic', paragraph(text('i', [{ type: 'italic' }])), '<p><em>i</em></p>'],
    ['strike', paragraph(text('s', [{ type: 'strike' }])), '<p><s>s</s></p>'],
    ['a plain highlight', paragraph(text('h', [{ type: 'highlight' }])), '<p><mark>h</mark></p>'],
    [
      'a coloured highlight',
      paragraph(text('h', [{ type: 'highlight', attrs: { color: '#ffcc00' } }])),
      '<p><mark data-color="#ffcc00" style="background-color:#ffcc00;color:inherit">h</mark></p>',
    ],
    [
      'a text colour',
      paragraph(text('c', [{ type: 'textStyle', attrs: { color: '#ff0000' } }])),
      '<p><span style="color:#ff0000">c</span></p>',
    ],
    [
      'a font family',
      paragraph(text('f', [{ type: 'textStyle', attrs: { fontFamily: '"Times New Roman", serif' } }])),
      '<p><span style="font-family:&quot;Times New Roman&quot;, serif">f</span></p>',
    ],
    [
      'a link opening in a new window',
      paragraph(text('l', [{ type: 'link', attrs: { href: 'https://example.com/?a=1&b=2' } }])),
      '<p><a target="_blank" rel="noopener noreferrer nofollow" href="https://example.com/?a=1&amp;b=2">l</a></p>',
    ],
    [
      'a link with class and title in the same window',
      paragraph(
        text('l', [
          {
            type: 'link',
            attrs: { href: 'mailto:me@example.com', target: '_self', rel: 'nofollow', class: 'note', title: 'Mail me' },
          },
        ]),
      ),
      '<p><a target="_self" rel="nofollow" class="note" href="mailto:me@example.com" title="Mail me">l</a></p>',
    ],
    ['a hard break', paragraph(text('a'), { type: 'hardBreak' }, text('b')), '<p>a<br>b</p>'],
    [
      'a bullet list',
      { type: 'bulletList', content: [{ type: 'listItem', content: [paragraph(text('one'))] }] },
      '<ul><li><p>one</p></li></ul>',
    ],
    [
      'an ordered list with a start and a type',
      {
        type: 'orderedList',
        attrs: { start: 4, type: 'a' },
        content: [{ type: 'listItem', content: [paragraph(text('four'))] }],
      },
      '<ol start="4" type="a"><li><p>four</p></li></ol>',
    ],
    ['a blockquote', { type: 'blockquote', content: [paragraph(text('q'))] }, '<blockquote><p>q</p></blockquote>'],
    [
      'a code block with a language, its text escaped',
      { type: 'codeBlock', attrs: { language: 'ts' }, content: [text('if (a < b && c > d) {}\n')] },
      '<pre><code class="language-ts">if (a &lt; b &amp;&amp; c &gt; d) {}\n</code></pre>',
    ],
    ['a horizontal rule', { type: 'horizontalRule' }, '<hr>'],
    [
      'an image with width and alignment, never its legacy height',
      {
        type: 'image',
        attrs: {
          src: 'https://x.example/a.png',
          alt: 'A "quoted" alt',
          title: 'T',
          width: 300,
          height: 200,
          align: 'left',
        },
      },
      '<img src="https://x.example/a.png" alt="A &quot;quoted&quot; alt" title="T" width="300" data-align="left">',
    ],
    [
      'an image with nothing but its source',
      { type: 'image', attrs: { src: '/api/files/a.png' } },
      '<img src="/api/files/a.png">',
    ],
    [
      'a table with a header row, spans and column widths',
      {
        type: 'table',
        content: [
          {
            type: 'tableRow',
            content: [cell('tableHeader', { colwidth: [120] }, 'h1'), cell('tableHeader', {}, 'h2')],
          },
          { type: 'tableRow', content: [cell('tableCell', { colspan: 2, align: 'center' }, 'wide')] },
          { type: 'tableRow', content: [cell('tableCell', { rowspan: 2 }, 'tall'), cell('tableCell', {}, 'x')] },
        ],
      },
      '<table style="min-width:145px"><colgroup><col style="width:120px"><col style="min-width:25px"></colgroup><tbody>' +
        '<tr><th colwidth="120"><p>h1</p></th><th><p>h2</p></th></tr>' +
        '<tr><td colspan="2" style="text-align:center"><p>wide</p></td></tr>' +
        '<tr><td rowspan="2"><p>tall</p></td><td><p>x</p></td></tr></tbody></table>',
    ],
    [
      'a table whose every column has a width',
      {
        type: 'table',
        content: [
          {
            type: 'tableRow',
            content: [cell('tableCell', { colwidth: [100] }, 'a'), cell('tableCell', { colwidth: [50] }, 'b')],
          },
        ],
      },
      '<table style="width:150px"><colgroup><col style="width:100px"><col style="width:50px"></colgroup><tbody><tr><td colwidth="100"><p>a</p></td><td colwidth="50"><p>b</p></td></tr></tbody></table>',
    ],
  ])('renders %s', (_name, node, html) => {
    expect(render(node)).toBe(html);
  });

  it('renders several marks on one text', () => {
    expect(
      render(
        paragraph(
          text('x', [
            { type: 'bold' },
            { type: 'italic' },
            { type: 'link', attrs: { href: 'https://a.example', target: '_self' } },
          ]),
        ),
      ),
    ).toBe(
      '<p><em><strong><a target="_self" rel="noopener noreferrer nofollow" href="https://a.example">x</a></strong></em></p>',
    );
  });

  it('escapes text that looks like markup', () => {
    expect(render(paragraph(text('<script>alert("x")</script> & more')))).toBe(
      '<p>&lt;script&gt;alert("x")&lt;/script&gt; &amp; more</p>',
    );
  });

  it('refuses a document that was not normalised', () => {
    expect(() => renderHtml({ type: 'doc', content: [{ type: 'script' }] })).toThrow();
  });
});
