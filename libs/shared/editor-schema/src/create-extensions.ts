import type { Extensions, Node } from '@tiptap/core';
import Highlight from '@tiptap/extension-highlight';
import { TableKit } from '@tiptap/extension-table';
import TextAlign from '@tiptap/extension-text-align';
import { Color, FontFamily, TextStyle } from '@tiptap/extension-text-style';
import StarterKit from '@tiptap/starter-kit';
import {
  HEADING_LEVELS,
  TABLE_CELL_MIN_WIDTH_PX,
  TABLE_RESIZE_HANDLE_WIDTH_PX,
  TEXT_ALIGNMENTS,
  UNDO_HISTORY_DEPTH,
  UNDO_NEW_GROUP_DELAY_MS,
} from './editor-schema.constants';
import { isAllowedLinkHref } from './link-href.util';
import { MemoryImage, type MemoryImageOptions } from './memory-image.extension';

export interface CreateExtensionsOptions {
  /** The app's own file URL prefix; when set, images from anywhere else are refused on paste. */
  fileUrlPrefix?: string | null;
  /**
   * The image node to use: `MemoryImage` by default; the editor passes `MemoryImage.extend({ addNodeView })` so
   * its React view renders the very same node.
   */
  image?: Node<MemoryImageOptions>;
}

/**
 * The one list of Tiptap extensions of a memory document, shared by the editor, the viewer and the memory
 * service. A node, mark or attribute that is not here does not exist: the server drops it from saved content.
 * Editor behaviour that does not change the document (undo depth, table resizing) is configured here too, so
 * every editor instance behaves the same.
 */
export function createExtensions(options: CreateExtensionsOptions = {}): Extensions {
  const image = options.image ?? MemoryImage;
  return [
    StarterKit.configure({
      // Neither is in the product's toolbar or schema (spec section 2); left on, their shortcuts would create
      // content that the server then drops.
      code: false,
      underline: false,
      heading: { levels: [...HEADING_LEVELS] },
      link: {
        defaultProtocol: 'https',
        isAllowedUri: (url) => isAllowedLinkHref(url),
        HTMLAttributes: { target: '_blank', rel: 'noopener noreferrer nofollow', class: null },
      },
      undoRedo: { depth: UNDO_HISTORY_DEPTH, newGroupDelay: UNDO_NEW_GROUP_DELAY_MS },
    }),
    Highlight.configure({ multicolor: true }),
    TextStyle,
    Color,
    FontFamily,
    TextAlign.configure({ types: ['heading', 'paragraph'], alignments: [...TEXT_ALIGNMENTS] }),
    TableKit.configure({
      table: { resizable: true, cellMinWidth: TABLE_CELL_MIN_WIDTH_PX, handleWidth: TABLE_RESIZE_HANDLE_WIDTH_PX },
    }),
    image.configure({ fileUrlPrefix: options.fileUrlPrefix ?? null }),
  ];
}
