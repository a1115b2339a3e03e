// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- see the referenced file for why
/// <reference path="../types/static-renderer-html-string.d.ts" />
import type { Extensions } from '@tiptap/core';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { renderToHTMLString } from '@tiptap/static-renderer/pm/html-string';
import { createExtensions } from './create-extensions';
import type { MemoryDocument } from './document.types';
import { toDocumentNode } from './memory-schema';

let extensions: Extensions | undefined;

/**
 * The HTML of a normalised document, rendered with Tiptap's static renderer (no DOM needed) from the same extensions
 * as the editor, before any sanitiser: the server passes it through its own (`renderHtml`), the browser through
 * DOMPurify (`deriveContentInBrowser`), so neither side carries the other's.
 */
export function renderUnsanitisedHtml(doc: MemoryDocument | ProseMirrorNode): string {
  extensions ??= createExtensions();
  return renderToHTMLString({ content: toDocumentNode(doc), extensions });
}
