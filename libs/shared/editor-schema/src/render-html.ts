// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- see the referenced file for why
/// <reference path="../types/static-renderer-html-string.d.ts" />
import type { Extensions } from '@tiptap/core';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { renderToHTMLString } from '@tiptap/static-renderer/pm/html-string';
import { createExtensions } from './create-extensions';
import type { MemoryDocument } from './document.types';
import { toDocumentNode } from './memory-schema';
import { sanitizeMemoryHtml } from './sanitize-memory-html';

let extensions: Extensions | undefined;

/**
 * The HTML of a normalised document (`normalizeDocument`'s result, or the node of `normalizeToNode`), rendered
 * with Tiptap's static renderer (no DOM needed) from the same extensions as the editor, then passed through the
 * sanitiser. Throws when given a document that does not fit the schema: normalise first.
 */
export function renderHtml(doc: MemoryDocument | ProseMirrorNode): string {
  extensions ??= createExtensions();
  return sanitizeMemoryHtml(renderToHTMLString({ content: toDocumentNode(doc), extensions }));
}
