/**
 * @jest-environment jsdom
 */
import { TextEncoder } from 'node:util';
import { findExecutableShapesInHtml } from '../test/executable-shapes';
import { HOSTILE_CSS_VALUES, HOSTILE_HTML, HOSTILE_URLS } from '../test/xss-corpus';
import { normalizeDocument } from './normalize-document';
import { renderHtml } from './render-html';
import { sanitizeMemoryHtml } from './sanitize-memory-html';
import { sanitizeMemoryHtmlInBrowser } from './sanitize-memory-html-in-browser';

// jsdom lacks TextEncoder, which the normaliser uses to measure a document (the server and browsers have it).
Object.assign(globalThis, { TextEncoder });

const text = (value: string, marks?: unknown[]) =>
  marks ? { type: 'text', text: value, marks } : { type: 'text', text: value };
const paragraph = (...content: unknown[]) => ({ type: 'paragraph', content });

/** Every node and mark of the schema, with a value in each attribute, as the server renders it. */
function renderedDocument(value: string): string {
  return renderHtml(
    normalizeDocument(
      {
        type: 'doc',
        content: [
          { type: 'heading', attrs: { level: 2, textAlign: 'center' }, content: [text(value)] },
          paragraph(
            text(value, [
              { type: 'textStyle', attrs: { color: '#1a2b3c', fontFamily: 'Georgia' } },
              { type: 'highlight', attrs: { color: '#fff59d' } },
            ]),
          ),
          paragraph(text('link', [{ type: 'link', attrs: { href: 'https://ok.example/a', target: '_blank' } }])),
          {
            type: 'orderedList',
            attrs: { start: 3 },
            content: [{ type: 'listItem', content: [paragraph(text(value))] }],
          },
          { type: 'codeBlock', attrs: { language: 'ts' }, content: [text(value)] },
          {
            type: 'image',
            attrs: { src: 'https://app.example/api/files/a.png', alt: value, width: 240, align: 'center' },
          },
          {
            type: 'table',
            content: [
              {
                type: 'tableRow',
                content: [{ type: 'tableHeader', attrs: { colwidth: [120] }, content: [paragraph(text(value))] }],
              },
            ],
          },
        ],
      },
      { fileUrlPrefix: 'https://app.example/api/files/' },
    ),
  );
}

describe('sanitizeMemoryHtmlInBrowser (the editor preview)', () => {
  // Where the two differ on hostile input, the browser's parse is the stricter (a `<td>` outside a table, a style
  // with a comment): only safety is asked of the preview on such input.
  it.each(HOSTILE_HTML.map((html) => [html]))('lets nothing executable out of %s', (html) => {
    expect(findExecutableShapesInHtml(sanitizeMemoryHtmlInBrowser(html))).toEqual([]);
  });

  it.each(HOSTILE_URLS.map((url) => [url]))('drops the link and image URL %s as the server does', (url) => {
    const html = `<p><a href="${url}">x</a><img src="${url}"></p>`;
    const safe = sanitizeMemoryHtmlInBrowser(html);
    expect(findExecutableShapesInHtml(safe)).toEqual([]);
    expect(safe).toBe(sanitizeMemoryHtml(html));
  });

  it.each(HOSTILE_CSS_VALUES.map((value) => [value]))('keeps no hostile style value %s', (value) => {
    const html = `<p style="text-align: ${value}"><span style="color: ${value}; font-family: ${value}">x</span><mark style="background-color: ${value}">y</mark></p>`;
    expect(findExecutableShapesInHtml(sanitizeMemoryHtmlInBrowser(html))).toEqual([]);
  });

  it('leaves the HTML of every node and mark of the schema as the server renders it', () => {
    // Values without edge spaces or controls: DOMPurify trims attribute values, which would differ in an alt only.
    for (const value of ['plain words', '<img src=x onerror=alert(1)>', 'javascript:alert(1)']) {
      const html = renderedDocument(value);
      expect(sanitizeMemoryHtmlInBrowser(html)).toBe(html);
    }
  });
});
