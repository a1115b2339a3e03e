import type { JSONContent } from '@tiptap/core';
import { MarkdownManager } from '@tiptap/markdown';
import { createExtensions } from './create-extensions';
import type { MemoryDocument } from './document.types';

let manager: MarkdownManager | undefined;

/**
 * Tiptap's own Markdown parser and serialiser (`@tiptap/markdown`, on `marked`) over the one extension list, so
 * that Markdown maps to exactly the nodes and marks a memory may hold. Pure functions: no editor, no DOM.
 */
function markdownManager(): MarkdownManager {
  if (!manager) {
    const extensions = createExtensions();
    manager = new MarkdownManager({ extensions });
    for (const extension of extensions) manager.registerExtension(extension);
  }
  return manager;
}

/**
 * A memory document as Markdown. What Markdown cannot say (colours, fonts, alignment, image widths) is left out:
 * `contentJson` stays the lossless copy.
 */
export function documentToMarkdown(document: MemoryDocument | JSONContent): string {
  return markdownManager().serialize(document as JSONContent);
}

/** Markdown (CommonMark and GitHub's tables and strikethrough) as an editor document, still to be normalised. */
export function markdownToDocument(markdown: string): MemoryDocument {
  const document = markdownManager().parse(markdown) as MemoryDocument;
  return { ...document, type: 'doc', content: document.content ?? [] };
}
