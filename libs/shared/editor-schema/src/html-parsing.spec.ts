/**
 * @jest-environment jsdom
 */
// The editor reads pasted and loaded HTML in the browser through the schema's parse rules; jsdom stands in for
// the browser's DOM here. Everything else in this library is tested in plain Node.
import { TextEncoder } from 'node:util';
import { getSchema } from '@tiptap/core';
import { DOMParser as SchemaParser } from '@tiptap/pm/model';
import { createExtensions } from './create-extensions';
import type { MemoryDocument } from './document.types';
import { normalizeDocument } from './normalize-document';
import { renderHtml } from './render-html';

// jest's jsdom environment lacks TextEncoder, which browsers and Node both have (the normaliser measures with it).
Object.assign(globalThis, { TextEncoder });

const FILE_URL_PREFIX = '/api/files/';
const schema = getSchema(createExtensions({ fileUrlPrefix: FILE_URL_PREFIX }));

const parse = (html: string): MemoryDocument => {
  const container = document.createElement('div');
  container.innerHTML = html;
  return SchemaParser.fromSchema(schema).parse(container).toJSON() as MemoryDocument;
};

describe('reading HTML with the schema (paste and load in the editor)', () => {
  it('reads back every piece the server renders, unchanged', () => {
    const text = (value: string, marks?: unknown[]) =>
      marks ? { type: 'text', text: value, marks } : { type: 'text', text: value };
    const paragraph = (...content: unknown[]) => ({ type: 'paragraph', content });
    const memory = normalizeDocument({
      type: 'doc',
      content: [
        { type: 'heading', attrs: { level: 3, textAlign: 'center' }, content: [text('Title')] },
        paragraph(
          text('bold', [{ type: 'bold' }]),
          text('italic', [{ type: 'italic' }]),
          text('strike', [{ type: 'strike' }]),
          text('mark', [{ type: 'highlight', attrs: { color: '#ffcc00' } }]),
          text('styled', [{ type: 'textStyle', attrs: { color: '#ff0000', fontFamily: 'Georgia' } }]),
          text('link', [{ type: 'link', attrs: { href: 'https://example.com/?a=1&b=2' } }]),
          { type: 'hardBreak' },
          text('end'),
        ),
        { type: 'paragraph', attrs: { textAlign: 'justify' }, content: [text('justified')] },
        {
          type: 'orderedList',
          attrs: { start: 3 },
          content: [{ type: 'listItem', content: [paragraph(text('three'))] }],
        },
        { type: 'bulletList', content: [{ type: 'listItem', content: [paragraph(text('dot'))] }] },
        { type: 'blockquote', content: [paragraph(text('quote'))] },
        { type: 'codeBlock', attrs: { language: 'ts' }, content: [text('const a = 1 < 2;')] },
        { type: 'horizontalRule' },
        { type: 'image', attrs: { src: '/api/files/u1/a.png', alt: 'A', title: 'T', width: 320, align: 'right' } },
        {
          type: 'table',
          content: [
            {
              type: 'tableRow',
              content: [
                { type: 'tableHeader', attrs: { colwidth: [120] }, content: [paragraph(text('h'))] },
                { type: 'tableHeader', content: [paragraph(text('h2'))] },
              ],
            },
            {
              type: 'tableRow',
              content: [{ type: 'tableCell', attrs: { colspan: 2 }, content: [paragraph(text('wide'))] }],
            },
          ],
        },
      ],
    });
    expect(parse(renderHtml(memory))).toEqual(memory);
  });

  it('never reads a link with a disallowed scheme', () => {
    const result = parse(
      '<p><a href="javascript:alert(1)">a</a><a href=" JaVaScRiPt:alert(1)">b</a><a href="data:text/html,x">c</a></p>',
    );
    expect(JSON.stringify(result)).not.toContain('"link"');
  });

  it('never reads a base64 image, nor one from outside the app file URL prefix', () => {
    const result = parse(
      '<img src="data:image/png;base64,iVBORw0KGgo="><img src="https://cdn.example/a.png"><img src="/api/files/u1/ok.png">',
    );
    expect(result.content.filter((node) => node.type === 'image').map((node) => node.attrs?.['src'])).toEqual([
      '/api/files/u1/ok.png',
    ]);
  });

  it('reads an image width as whole pixels and ignores a legacy height', () => {
    const [image] = parse('<img src="/api/files/a.png" width="250" height="100" data-align="center">').content;
    expect(image.attrs).toMatchObject({ width: 250, height: null, align: 'center' });
  });

  it('drops what the schema does not know from pasted HTML', () => {
    const result = parse(
      '<p onclick="alert(1)" class="x">a<u>b</u><code>c</code><script>alert(1)</script></p><iframe src="https://evil.example"></iframe>',
    );
    expect(result).toEqual({
      type: 'doc',
      content: [{ type: 'paragraph', attrs: { textAlign: null }, content: [{ type: 'text', text: 'abc' }] }],
    });
  });
});
