import { documentToMarkdown, markdownToDocument } from './markdown';
import { normalizeDocument } from './normalize-document';

describe('Markdown through the schema', () => {
  it('reads CommonMark and GitHub tables into the nodes and marks a memory may hold', () => {
    const document = markdownToDocument(
      '# Trip\n\nCairns here we come\\. **bold** *it* ~~gone~~ [site](https://example.com)\n\n- one\n- two\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n![reef](images/reef.png)',
    );
    expect(document.content.map((node) => node.type)).toEqual(['heading', 'paragraph', 'bulletList', 'table', 'image']);
    expect(JSON.stringify(document)).toContain('Cairns here we come.');
    expect(document.content[4].attrs).toMatchObject({ src: 'images/reef.png', alt: 'reef' });
    const marks = document.content[1].content?.flatMap((node) => node.marks?.map((mark) => mark.type) ?? []);
    expect(marks).toEqual(['bold', 'italic', 'strike', 'link']);
  });

  it('writes a normalised document back as Markdown that reads into the same document', () => {
    const original = normalizeDocument({
      type: 'doc',
      content: [
        { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Morning' }] },
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: 'Coffee ' },
            { type: 'text', text: 'first', marks: [{ type: 'bold' }] },
          ],
        },
        {
          type: 'orderedList',
          content: [{ type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'wake' }] }] }],
        },
        { type: 'image', attrs: { src: 'https://example.com/a/1.png', alt: 'cup' } },
      ],
    });
    const markdown = documentToMarkdown(original);
    expect(markdown).toContain('## Morning');
    expect(markdown).toContain('**first**');
    expect(markdown).toContain('![cup](https://example.com/a/1.png)');
    expect(normalizeDocument(markdownToDocument(markdown))).toEqual(original);
  });

  it('lifts images written inside a line out as blocks of their own, keeping the text around them', () => {
    const document = markdownToDocument('Before ![a](a.png) after\n\n- ![b](b.png)');
    expect(document.content.map((node) => node.type)).toEqual(['paragraph', 'image', 'paragraph', 'bulletList']);
    expect(document.content[2].content?.[0].text).toBe(' after');
    expect(document.content[3].content?.[0].content?.map((node) => node.type)).toEqual(['paragraph', 'image']);
    expect(() => normalizeDocument(document)).not.toThrow();
  });

  it('keeps HTML in Markdown as text, never as markup', () => {
    const document = markdownToDocument('Hello <script>alert(1)</script>');
    expect(JSON.stringify(normalizeDocument(document))).not.toContain('"type":"script"');
  });
});
