import { act, render, screen, waitFor } from '@testing-library/react';
import { MemoryHtmlContent } from '../memory-content/MemoryHtmlContent';
import { ImageSourceProvider, type ImageSourceResolver } from './shown-image-source';
import { ShownImage } from './ShownImage';

// A locked journal's provider resolves its encrypted images to object URLs of their decrypted copies; here a
// resolver that answers another address stands for it.
const toShown: ImageSourceResolver = (src) =>
  src.endsWith('.sealed') ? Promise.resolve(`blob:shown/${src.split('/').pop()}`) : Promise.resolve(src);

describe('images shown through an ImageSourceProvider', () => {
  it('show an image from its own src with no provider, or a null one', () => {
    render(
      <>
        <ShownImage src="/api/files/a.png" alt="plain" />
        <ImageSourceProvider resolve={null}>
          <ShownImage src="/api/files/b.png" alt="also plain" />
        </ImageSourceProvider>
      </>,
    );

    expect(screen.getByAltText('plain')).toHaveAttribute('src', '/api/files/a.png');
    expect(screen.getByAltText('also plain')).toHaveAttribute('src', '/api/files/b.png');
  });

  it('show an image from what the provider resolves, with no src at all until then', async () => {
    let answer: (shown: string) => void = () => undefined;
    const later: ImageSourceResolver = () => new Promise((resolve) => (answer = resolve));
    render(
      <ImageSourceProvider resolve={later}>
        <ShownImage src="/api/files/users/u/x.sealed" alt="locked" />
      </ImageSourceProvider>,
    );

    expect(screen.getByAltText('locked')).not.toHaveAttribute('src');
    answer('blob:shown/x');
    await waitFor(() => expect(screen.getByAltText('locked')).toHaveAttribute('src', 'blob:shown/x'));
  });

  it('show no image when it cannot be resolved (its alt text stays)', async () => {
    render(
      <ImageSourceProvider resolve={() => Promise.reject(new Error('locked'))}>
        <ShownImage src="/api/files/users/u/x.sealed" alt="locked" />
      </ImageSourceProvider>,
    );

    await act(() => Promise.resolve());
    expect(screen.getByAltText('locked')).not.toHaveAttribute('src');
  });

  it('show the images of rendered memory HTML from what the provider resolves', async () => {
    const { container } = render(
      <ImageSourceProvider resolve={toShown}>
        <MemoryHtmlContent html='<p>Harbour</p><img src="/api/files/users/u/x.sealed" alt="sealed">' />
      </ImageSourceProvider>,
    );

    const image = container.querySelector('img[alt="sealed"]');
    expect(image).toHaveAttribute('data-src', '/api/files/users/u/x.sealed');
    await waitFor(() => expect(image).toHaveAttribute('src', 'blob:shown/x.sealed'));
  });
});
