import { deriveMemoryContent } from './derive-memory-content';
import { DocumentValidationError } from './document-validation.error';

describe('deriveMemoryContent', () => {
  const words = (count: number) => Array.from({ length: count }, (_, index) => `word${index}`).join(' ');

  it('derives the stored JSON, HTML, text, counts and image list from one client document', () => {
    const content = deriveMemoryContent(
      JSON.stringify({
        type: 'doc',
        content: [
          { type: 'heading', attrs: { level: 1, onclick: 'alert(1)' }, content: [{ type: 'text', text: 'A day' }] },
          { type: 'paragraph', content: [{ type: 'text', text: words(250) }] },
          { type: 'image', attrs: { src: '/api/files/u1/a.png' } },
          { type: 'image', attrs: { src: 'https://tracker.example/pixel.gif' } },
          { type: 'image', attrs: { src: 'data:image/png;base64,AAAA' } },
        ],
      }),
      { fileUrlPrefix: '/api/files/' },
    );
    expect(content.contentJson.content.map((node) => node.type)).toEqual(['heading', 'paragraph', 'image']);
    expect(content.contentHtml).toBe(`<h1>A day</h1><p>${words(250)}</p><img src="/api/files/u1/a.png">`);
    expect(content.plainText).toBe(`A day\n${words(250)}`);
    expect(content.wordCount).toBe(252);
    expect(content.readingTime).toBe(2);
    expect(content.imageSources).toEqual(['/api/files/u1/a.png']);
  });

  it('gives an empty document no words and no reading time', () => {
    expect(deriveMemoryContent({ type: 'doc', content: [] })).toMatchObject({
      contentHtml: '<p></p>',
      plainText: '',
      wordCount: 0,
      readingTime: 0,
      imageSources: [],
    });
  });

  it('refuses input that is not a document', () => {
    expect(() => deriveMemoryContent('<p>html from the client</p>')).toThrow(DocumentValidationError);
  });
});
