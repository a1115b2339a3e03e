import type { RichTextEditorProps } from '../../rich-text';

/** A Tiptap document as the rich-text editor reads and writes it. */
export type EditorDocument = NonNullable<RichTextEditorProps['initialContent']>;

/** The document stored in a memory's `contentJson`, or null when it is missing or not a document. */
export function parseContentJson(contentJson: string | undefined): EditorDocument | null {
  if (!contentJson) return null;
  try {
    const parsed: unknown = JSON.parse(contentJson);
    return isEditorDocument(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export function isEditorDocument(value: unknown): value is EditorDocument {
  return typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'doc';
}
