import type { Editor } from '@tiptap/core';
import type { EditorStateSnapshot } from '@tiptap/react';

export interface ToolbarState {
  bold: boolean;
  italic: boolean;
  strike: boolean;
  highlight: boolean;
  heading1: boolean;
  heading2: boolean;
  heading3: boolean;
  bulletList: boolean;
  orderedList: boolean;
  link: boolean;
  linkHref: string;
  alignLeft: boolean;
  alignCenter: boolean;
  alignRight: boolean;
  blockquote: boolean;
  codeBlock: boolean;
  textColor: string | null;
  backgroundColor: string | null;
  fontFamily: string | null;
  canUndo: boolean;
  canRedo: boolean;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/**
 * What the toolbar shows for the current selection. Read by `useEditorState`, which re-renders the toolbar only when
 * this object changes: typing inside one paragraph changes none of it, so a keystroke renders no React at all.
 */
export function selectToolbarState({ editor }: EditorStateSnapshot<Editor>): ToolbarState {
  const alignCenter = editor.isActive({ textAlign: 'center' });
  const alignRight = editor.isActive({ textAlign: 'right' });
  return {
    bold: editor.isActive('bold'),
    italic: editor.isActive('italic'),
    strike: editor.isActive('strike'),
    highlight: editor.isActive('highlight'),
    heading1: editor.isActive('heading', { level: 1 }),
    heading2: editor.isActive('heading', { level: 2 }),
    heading3: editor.isActive('heading', { level: 3 }),
    bulletList: editor.isActive('bulletList'),
    orderedList: editor.isActive('orderedList'),
    link: editor.isActive('link'),
    linkHref: text(editor.getAttributes('link')['href']) ?? '',
    alignLeft: !alignCenter && !alignRight && !editor.isActive({ textAlign: 'justify' }),
    alignCenter,
    alignRight,
    blockquote: editor.isActive('blockquote'),
    codeBlock: editor.isActive('codeBlock'),
    textColor: text(editor.getAttributes('textStyle')['color']),
    backgroundColor: text(editor.getAttributes('highlight')['color']),
    fontFamily: text(editor.getAttributes('textStyle')['fontFamily']),
    canUndo: editor.can().undo(),
    canRedo: editor.can().redo(),
  };
}
