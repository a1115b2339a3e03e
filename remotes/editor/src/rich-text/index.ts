export { RichTextEditor } from './RichTextEditor';
export type { RichTextEditorHandle, RichTextEditorProps, StoreImage } from './rich-text-editor.types';
