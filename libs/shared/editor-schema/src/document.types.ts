/**
 * The JSON shape of a memory document (`contentJson`), as Tiptap's `editor.getJSON()` produces it and as
 * `normalizeDocument` returns it. Attributes are listed per node and mark in `attribute-rules.ts`.
 */
export interface MemoryDocumentMark {
  type: string;
  attrs?: Record<string, unknown>;
}

export interface MemoryDocumentNode {
  type: string;
  attrs?: Record<string, unknown>;
  content?: MemoryDocumentNode[];
  marks?: MemoryDocumentMark[];
  text?: string;
}

export interface MemoryDocument extends MemoryDocumentNode {
  type: 'doc';
  content: MemoryDocumentNode[];
}

export interface ImageAttributes {
  src: string;
  alt: string | null;
  title: string | null;
  /** Whole pixels, set by the editor's resize handles; null means the natural width (capped by the layout). */
  width: number | null;
  /** Legacy: older content may carry it; never written by the editor, never rendered. */
  height: number | null;
  align: 'left' | 'center' | 'right' | null;
}

export interface LinkAttributes {
  href: string;
  target: '_blank' | '_self' | null;
  rel: string | null;
  class: string | null;
  title: string | null;
}
