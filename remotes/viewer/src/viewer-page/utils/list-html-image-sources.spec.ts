import { listHtmlImageSources } from './list-html-image-sources';

describe('listHtmlImageSources', () => {
  it('lists the image sources in reading order, each once, as written in the HTML', () => {
    const html =
      '<p>Start</p><img src="/api/files/users/u/a.png" width="120"><table><tbody><tr><td><img src="https://x.example/b.jpg"></td></tr></tbody></table>' +
      '<blockquote><img src="/api/files/users/u/a.png"></blockquote>';

    expect(listHtmlImageSources(html)).toEqual(['/api/files/users/u/a.png', 'https://x.example/b.jpg']);
  });

  it('finds nothing in text-only content', () => {
    expect(listHtmlImageSources('<p>No pictures, &lt;img src="/fake.png"&gt; is text</p>')).toEqual([]);
  });
});
