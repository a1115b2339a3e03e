/**
 * Browser-safe entry: the schema (one extension list), its constants, validators and document types. The editor
 * and the viewer import from here; the server-only functions (normalise, render, sanitise) live in `./server` so
 * that the browser bundles never carry the HTML sanitiser and its parser.
 */
export * from './editor-schema.constants';
export type * from './document.types';
export { createExtensions, type CreateExtensionsOptions } from './create-extensions';
export {
  MemoryImage,
  type MemoryImageOptions,
  type ImageAlignment,
  toImageWidth,
  toImageAlignment,
} from './memory-image.extension';
export { getMemorySchema } from './memory-schema';
export { isAllowedLinkHref } from './link-href.util';
export { isAllowedImageSource } from './image-source.util';
export { SAFE_CSS_COLOR, SAFE_CSS_FONT_FAMILY } from './value-patterns.util';
export { extractPlainText, countWords, readingTimeMinutes } from './plain-text.util';
export { listImageSources } from './list-image-sources.util';
export { replaceImageSources, removeImages } from './document-images';
