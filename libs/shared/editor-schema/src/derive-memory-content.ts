import type { MemoryDocument } from './document.types';
import { listImageSources } from './list-image-sources.util';
import { type NormalizeDocumentOptions, normalizeToNode } from './normalize-document';
import { countWords, extractPlainText, readingTimeMinutes } from './plain-text.util';
import { renderHtml } from './render-html';

export interface MemoryContent {
  /** The normalised document: what the server stores as `contentJson`. */
  contentJson: MemoryDocument;
  contentHtml: string;
  plainText: string;
  wordCount: number;
  readingTime: number;
  imageSources: string[];
}

/**
 * Everything the memory service stores from a client's `contentJson`, in one pass: the client's HTML is never
 * used. Throws `DocumentValidationError` when the content is not a document or is over the limits.
 */
export function deriveMemoryContent(input: unknown, options: NormalizeDocumentOptions = {}): MemoryContent {
  const node = normalizeToNode(input, options);
  const contentJson = node.toJSON() as MemoryDocument;
  const plainText = extractPlainText(node);
  const wordCount = countWords(plainText);
  return {
    contentJson,
    contentHtml: renderHtml(node),
    plainText,
    wordCount,
    readingTime: readingTimeMinutes(wordCount),
    imageSources: listImageSources(contentJson),
  };
}
