import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import type { MemoryDocument } from './document.types';
import { renderUnsanitisedHtml } from './render-unsanitised-html';
import { sanitizeMemoryHtml } from './sanitize-memory-html';

/**
 * The HTML of a normalised document (`normalizeDocument`'s result, or the node of `normalizeToNode`), passed
 * through the sanitiser. Throws when given a document that does not fit the schema: normalise first.
 */
export function renderHtml(doc: MemoryDocument | ProseMirrorNode): string {
  return sanitizeMemoryHtml(renderUnsanitisedHtml(doc));
}
