/** Length of the list row excerpt (spec section 9). */
export const EXCERPT_LENGTH = 100;

/**
 * The memory's text without markup, whitespace collapsed, cut to `length` characters with an ellipsis when longer.
 * DOMParser builds an inert document: no script runs and no image loads while the text is read.
 */
export function plainTextExcerpt(html: string, length = EXCERPT_LENGTH): string {
  const text = (new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '').replace(/\s+/g, ' ').trim();
  return text.length > length ? `${text.slice(0, length).trimEnd()}…` : text;
}
