import { MemoryImage } from '@memories/editor-schema';
import { ReactNodeViewRenderer } from '@tiptap/react';
import { ImageNodeView } from './ImageNodeView';

/** The schema's image node, unchanged, drawn by the editor's React view (resize handles and align controls). */
export const EditableImage = MemoryImage.extend({
  addNodeView() {
    return ReactNodeViewRenderer(ImageNodeView);
  },
});
