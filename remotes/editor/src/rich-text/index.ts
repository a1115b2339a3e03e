export { RichTextEditor } from './RichTextEditor';
export type { RichTextEditorHandle, RichTextEditorProps } from './rich-text-editor.types';
