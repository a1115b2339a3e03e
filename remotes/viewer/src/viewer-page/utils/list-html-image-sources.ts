/**
 * The image sources of memory HTML in reading order, each once: the gallery shows exactly the images the content
 * shows. Parsed into an inert document (nothing loads or runs there).
 */
export function listHtmlImageSources(html: string): string[] {
  const document = new DOMParser().parseFromString(html, 'text/html');
  const sources = Array.from(document.querySelectorAll('img[src]'), (image) => image.getAttribute('src') ?? '');
  return [...new Set(sources.filter(Boolean))];
}
