/** Spec section 9: the thumbnail select shows this many characters of the file name. */
export const THUMBNAIL_LABEL_LENGTH = 30;

export interface ThumbnailOption {
  src: string;
  label: string;
}

/**
 * "Only images with http URLs in the content" (spec section 5). Our uploads are app-relative (`/api/files/...`),
 * which the browser fetches over http(s) from the app's own origin, so they count; `data:` and `blob:` sources
 * (never stored, at most a preview while uploading) and other schemes do not.
 */
export function isThumbnailCandidate(src: string): boolean {
  if (src.startsWith('/') && !src.startsWith('//')) return true;
  return /^https?:\/\//i.test(src) && URL.canParse(src);
}

/** The last path segment of the URL, decoded, without its query. */
export function fileNameOf(src: string): string {
  const { pathname } = new URL(src, 'http://origin.invalid');
  const last = pathname.split('/').filter(Boolean).pop() ?? src;
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

/** The select's options: the content's http images in order of appearance, labelled by their file name. */
export function thumbnailOptions(sources: readonly string[]): ThumbnailOption[] {
  return sources
    .filter(isThumbnailCandidate)
    .map((src) => ({ src, label: fileNameOf(src).slice(0, THUMBNAIL_LABEL_LENGTH) }));
}
