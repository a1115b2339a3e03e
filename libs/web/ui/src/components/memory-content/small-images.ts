import { SMALL_IMAGE_ATTRIBUTE, SMALL_IMAGE_THRESHOLD_PX, SMALL_IMAGE_VALUE } from './memory-content-styles';

/** Spec section 4: an image under 300 px wide uses the small layout; an unknown width (0, null) does not. */
export function isSmallImageWidth(width: number | null | undefined): boolean {
  return typeof width === 'number' && width > 0 && width < SMALL_IMAGE_THRESHOLD_PX;
}

/** The width an image is shown at: its `width` attribute (set by the editor's resize) or else its natural width. */
function displayedWidth(image: HTMLImageElement): number | null {
  const attribute = image.getAttribute('width');
  if (attribute !== null && /^\s*\d+\s*$/.test(attribute)) return Number(attribute);
  return image.complete && image.naturalWidth > 0 ? image.naturalWidth : null;
}

function mark(image: HTMLImageElement): void {
  if (isSmallImageWidth(displayedWidth(image))) image.setAttribute(SMALL_IMAGE_ATTRIBUTE, SMALL_IMAGE_VALUE);
  else image.removeAttribute(SMALL_IMAGE_ATTRIBUTE);
}

/**
 * Sets the small-layout attribute on every image of rendered memory HTML: from the `width` attribute when there is
 * one, otherwise from the natural width once the image has loaded. Returns a clean-up that stops listening.
 */
export function markSmallImages(root: ParentNode): () => void {
  const waiting: HTMLImageElement[] = [];
  const onLoad = (event: Event) => mark(event.currentTarget as HTMLImageElement);
  root.querySelectorAll('img').forEach((image) => {
    mark(image);
    if (!image.hasAttribute('width') && !image.complete) {
      image.addEventListener('load', onLoad, { once: true });
      waiting.push(image);
    }
  });
  return () => waiting.forEach((image) => image.removeEventListener('load', onLoad));
}
