import type { JSONContent } from '@tiptap/core';
import { Selection } from '@tiptap/pm/state';
import type { Editor } from '@tiptap/react';

/**
 * The flag @tiptap/react's EditorContent sets on the editor it shows (its EditorWithContentComponent, not exported).
 */
type ShownEditor = Editor & { isEditorContentInitialized?: boolean };

/**
 * Puts the memory's document into an editor created empty, as if the editor had been created with it: not undoable
 * (undo never empties the editor), not a change (no onUpdate, so nothing is marked unsaved), the caret at the start.
 * Call it once EditorContent has mounted, in a layout effect (before the first paint).
 *
 * Why not create the editor with the document: Tiptap's EditorContent, when it mounts, hands ProseMirror new node
 * view functions, and ProseMirror then throws away the whole rendered document and renders it again; on the way it
 * reads the DOM selection, which makes Chromium lay out everything rendered so far. With a 10,000-paragraph memory
 * that was a second render and an extra full layout on every open of the editor (see docs/performance.md). Loaded
 * after the mount, the document is rendered and laid out once.
 */
export function loadInitialDocument(editor: ShownEditor, content: JSONContent): void {
  // Image views are React components. Once EditorContent is initialised, Tiptap renders a new one synchronously
  // (flushSync), which React refuses inside its commit; cleared, it renders them a microtask later, exactly as for
  // the document an editor is created with.
  const contentInitialized = editor.isEditorContentInitialized;
  editor.isEditorContentInitialized = false;
  try {
    editor
      .chain()
      .setMeta('addToHistory', false)
      .setContent(content, { emitUpdate: false })
      .command(({ tr }) => {
        tr.setSelection(Selection.atStart(tr.doc));
        return true;
      })
      .run();
  } finally {
    editor.isEditorContentInitialized = contentInitialized;
  }
}
