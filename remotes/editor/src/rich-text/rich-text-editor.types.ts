import type { JSONContent } from '@tiptap/core';
import type { DocumentJsonParts } from './document-json-text.util';

export interface RichTextEditorProps {
  /** The document to start from (Tiptap JSON, e.g. JSON.parse(memory.contentJson)); read once on mount. */
  initialContent: JSONContent | null;
  /** Accessible name of the editing area, e.g. "Content" (the page renders the visible "Content *" label). */
  ariaLabel: string;
  /** The page's validation message under the field, or null. */
  errorText?: string | null;
  /**
   * Called after every document change, WITHOUT the document (serialising 10,000 paragraphs per keystroke is too
   * slow); read it through the handle when needed (debounced by the caller).
   */
  onChange: () => void;
  /** Called with the image sources of the document whenever that list changes (order of appearance, unique). */
  onImagesChange: (sources: string[]) => void;
  /** Errors the page shows in its error modal, e.g. "Failed to upload {filename}: {message}". */
  onError: (message: string) => void;
  /** Files being uploaded (page may disable Save while > 0). */
  onUploadingChange?: (uploading: number) => void;
  /** False for a document that holds no images (a template): no "Upload Image". */
  images?: boolean;
  /** How a picked image is stored (answers the src to put in the document): the one upload path by default. */
  storeImage?: StoreImage;
}

/** Stores one picked image, reporting the share of its bytes sent; answers the src the document uses for it. */
export type StoreImage = (file: File, options: { onProgress: (fraction: number) => void }) => Promise<string>;

export interface RichTextEditorHandle {
  getJSON(): JSONContent;
  /**
   * The document as JSON text cut at its blocks (`joinDocumentJson` of them is `JSON.stringify(getJSON())`),
   * serialising only the blocks changed since the last call: cheap enough to run while the user types in a long memory.
   */
  getJSONParts(): DocumentJsonParts;
  /**
   * Does part of getJSONParts's work ahead, while `hasTime()` answers true (a slice of idle time); true when
   * getJSONParts has nothing left to serialise.
   */
  prepareJSONParts(hasTime: () => boolean): boolean;
  getHTML(): string;
  /** Plain text (for "Content is required" and word count). */
  getText(): string;
  /** Removes every image node with this src (gallery removal). */
  removeImage(src: string): void;
  /** Replace the whole document (restore from a local draft), without an onChange storm. */
  setContent(content: JSONContent): void;
  /** Inserts a heading with this text where the cursor is (a writing prompt, as the title of what follows). */
  insertHeading(text: string): void;
  /**
   * Uploads images through the one upload path and inserts them, as "Upload Image" does (photos shared to the app);
   * answers the files that could not be uploaded.
   */
  uploadImages(files: readonly File[]): Promise<File[]>;
  focus(): void;
}
