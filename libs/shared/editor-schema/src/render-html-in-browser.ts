import type { MemoryDocument } from './document.types';
import { sanitizeMemoryHtmlInBrowser } from './sanitize-memory-html-in-browser';
import { documentJsonOf, normalizeToNode } from './normalize-document';
import { countWords, extractPlainText, readingTimeMinutes } from './plain-text.util';
import { renderUnsanitisedHtml } from './render-unsanitised-html';

/** What the browser derives from a document the server never saw (a memory of a locked journal). */
export interface ContentDerivedInBrowser {
  contentHtml: string;
  plainText: string;
  wordCount: number;
  readingTime: number;
}

/**
 * The server's derivation of a memory's HTML and counts, done in the browser (`@memories/editor-schema/render-in-browser`)
 * for a document only the browser can read: the same schema and renderer, sanitised with the browser's sanitiser.
 * Throws `DocumentValidationError` when the text is not a document.
 */
export function deriveContentInBrowser(contentJson: string): ContentDerivedInBrowser {
  const node = normalizeToNode(contentJson);
  const plainText = extractPlainText(node);
  const wordCount = countWords(plainText);
  return {
    contentHtml: sanitizeMemoryHtmlInBrowser(renderUnsanitisedHtml(node)),
    plainText,
    wordCount,
    readingTime: readingTimeMinutes(wordCount),
  };
}

/**
 * What a search needs of a document the server never saw: its text, read straight from its JSON (no nodes built, no
 * HTML rendered: the search shows text only, escaped). Throws `DocumentValidationError` when the text is not a
 * document.
 */
export function textOfContentInBrowser(contentJson: string): string {
  // Not normalised: extractPlainText reads a document's JSON warily, whatever its nodes hold.
  return extractPlainText(documentJsonOf(contentJson) as unknown as MemoryDocument);
}
