import { isSmallImageWidth, markSmallImages } from './small-images';

function contentWith(html: string): HTMLDivElement {
  const root = document.createElement('div');
  root.innerHTML = html;
  return root;
}

describe('isSmallImageWidth', () => {
  it.each([
    [1, true],
    [299, true],
    [300, false],
    [800, false],
    [0, false],
    [null, false],
    [undefined, false],
  ])('width %p is small: %p', (width, small) => {
    expect(isSmallImageWidth(width)).toBe(small);
  });
});

describe('markSmallImages', () => {
  it('marks images whose width attribute is under 300 px and leaves wider ones full width', () => {
    const root = contentWith('<img src="/a.png" width="299"><img src="/b.png" width="300" data-image-size="small">');

    markSmallImages(root);

    const [small, wide] = Array.from(root.querySelectorAll('img'));
    expect(small).toHaveAttribute('data-image-size', 'small');
    expect(wide).not.toHaveAttribute('data-image-size');
  });

  it('decides from the natural width once an image without a width attribute has loaded', () => {
    const root = contentWith('<img src="/tiny.png"><img src="/large.png">');
    const [tiny, large] = Array.from(root.querySelectorAll('img'));
    for (const image of [tiny, large]) Object.defineProperty(image, 'complete', { configurable: true, value: false });

    markSmallImages(root);
    expect(tiny).not.toHaveAttribute('data-image-size');

    Object.defineProperty(tiny, 'naturalWidth', { value: 120 });
    Object.defineProperty(large, 'naturalWidth', { value: 1200 });
    for (const image of [tiny, large]) Object.defineProperty(image, 'complete', { configurable: true, value: true });
    tiny.dispatchEvent(new Event('load'));
    large.dispatchEvent(new Event('load'));

    expect(tiny).toHaveAttribute('data-image-size', 'small');
    expect(large).not.toHaveAttribute('data-image-size');
  });

  it('stops listening after the clean-up', () => {
    const root = contentWith('<img src="/tiny.png">');
    const image = root.querySelector('img')!;
    Object.defineProperty(image, 'complete', { configurable: true, value: false });

    markSmallImages(root)();
    Object.defineProperty(image, 'naturalWidth', { value: 120 });
    Object.defineProperty(image, 'complete', { configurable: true, value: true });
    image.dispatchEvent(new Event('load'));

    expect(image).not.toHaveAttribute('data-image-size');
  });
});
