import { downloadFileName } from './download-image';

describe('downloadFileName', () => {
  it('names the file image-N and keeps the extension of the URL', () => {
    expect(downloadFileName('/api/files/users/u1/4f0c.png', 1)).toBe('image-1.png');
    expect(downloadFileName('https://cdn.example/photos/Beach.JPEG?size=large#top', 3)).toBe('image-3.jpeg');
  });

  it('takes the extension from the content type when the URL has none', () => {
    expect(downloadFileName('https://cdn.example/photo', 2, 'image/webp')).toBe('image-2.webp');
    expect(downloadFileName('https://cdn.example/photo', 2, 'image/svg+xml')).toBe('image-2.svg');
  });

  it('leaves the extension out when nothing tells it', () => {
    expect(downloadFileName('https://cdn.example/photo', 4)).toBe('image-4');
    expect(downloadFileName('https://cdn.example/photo', 4, 'application/octet-stream')).toBe('image-4');
  });
});
