import type { SharedItem } from '@memories/web-offline';
import { sharedTitle, starterDocument } from './new-memory-starter';

const shared = (fields: Partial<SharedItem>): SharedItem => ({
  id: 'share',
  title: '',
  text: '',
  url: '',
  files: [],
  receivedAt: 0,
  ...fields,
});
const template = {
  type: 'doc' as const,
  content: [{ type: 'heading', attrs: { level: 3 }, content: [{ type: 'text', text: 'Grateful for' }] }],
};

describe('what a new memory starts with', () => {
  it('opens a reminder’s prompt as a heading above the template', () => {
    expect(starterDocument('What made you smile?', template, null)).toEqual({
      type: 'doc',
      content: [
        { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'What made you smile?' }] },
        ...template.content,
      ],
    });
  });

  it('puts shared text and its link in place of the template', () => {
    const document = starterDocument(
      null,
      template,
      shared({ text: 'Look at this\nharbour', url: 'https://x.test/a' }),
    );
    expect(document?.content).toEqual([
      { type: 'paragraph', content: [{ type: 'text', text: 'Look at this' }] },
      { type: 'paragraph', content: [{ type: 'text', text: 'harbour' }] },
      {
        type: 'paragraph',
        content: [
          { type: 'text', text: 'https://x.test/a', marks: [{ type: 'link', attrs: { href: 'https://x.test/a' } }] },
        ],
      },
    ]);
  });

  it('leaves a link that is not http(s) out, and has nothing without prompt, template or share', () => {
    expect(starterDocument(null, null, shared({ url: 'javascript:alert(1)' }))).toBeNull();
    expect(starterDocument(null, null, null)).toBeNull();
  });

  it('titles a share by its title, its first line, its site, or its photos', () => {
    expect(sharedTitle(shared({ title: 'Harbour', text: 'x' }))).toBe('Harbour');
    expect(sharedTitle(shared({ text: '\n  Boats at dawn \nmore' }))).toBe('Boats at dawn');
    expect(sharedTitle(shared({ url: 'https://news.example.com/a' }))).toBe('news.example.com');
    expect(sharedTitle(shared({ files: [new File(['x'], 'a.png', { type: 'image/png' })] }))).toBe('Shared photos');
    expect(sharedTitle(shared({ title: 'x'.repeat(300) }))).toHaveLength(120);
  });
});
