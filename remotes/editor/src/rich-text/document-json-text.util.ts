import type { Node as ProseMirrorNode } from '@tiptap/pm/model';

/**
 * A document as JSON text, cut at its top-level blocks: `head` is the document without its content, each of `blocks`
 * one block's JSON text. `joinDocumentJson` puts them back together.
 */
export interface DocumentJsonParts {
  head: string;
  blocks: readonly string[];
}

/**
 * The text `JSON.stringify(doc.toJSON())` gives, from a document's head and its blocks' JSON texts (or runs of them
 * already joined with commas).
 */
export function joinDocumentJson(head: string, blocks: readonly string[]): string {
  // Node.toJSON leaves `content` out of a document without blocks.
  return blocks.length === 0 ? head : `${head.slice(0, -1)},"content":[${blocks.join(',')}]}`;
}

export interface DocumentJsonText {
  /** The document as JSON parts: `joinDocumentJson` of them is `JSON.stringify(doc.toJSON())`. */
  parts(doc: ProseMirrorNode): DocumentJsonParts;
  /**
   * Serialises the blocks not serialised yet, while `hasTime()` says so (a slice of idle time); true once `parts` has
   * nothing left to serialise, so the first write of a long memory need not be one long task either.
   */
  prepare(doc: ProseMirrorNode, hasTime: () => boolean): boolean;
}

/**
 * A serialiser that keeps the JSON text of every top-level block it has written, keyed by the block itself.
 * ProseMirror documents are immutable and a new document shares every block a transaction did not touch, so after a
 * keystroke only the block typed in is serialised again: for a 10,000-paragraph memory that is one paragraph, not
 * `toJSON` and `JSON.stringify` of 1.4 MiB. Blocks of older documents leave the cache with them.
 */
export function createDocumentJsonText(): DocumentJsonText {
  const blockTexts = new WeakMap<ProseMirrorNode, string>();
  const blockText = (block: ProseMirrorNode): string => {
    let text = blockTexts.get(block);
    if (text === undefined) {
      text = JSON.stringify(block.toJSON());
      blockTexts.set(block, text);
    }
    return text;
  };
  return {
    parts(doc) {
      const blocks: string[] = [];
      doc.forEach((block) => blocks.push(blockText(block)));
      // Node.toJSON's own order: type, attrs (when the node type has any), content.
      const head = JSON.stringify(
        Object.keys(doc.attrs).length > 0 ? { type: doc.type.name, attrs: doc.attrs } : { type: doc.type.name },
      );
      return { head, blocks };
    },
    prepare(doc, hasTime) {
      for (let index = 0; index < doc.childCount; index++) {
        const block = doc.child(index);
        if (blockTexts.has(block)) continue;
        if (!hasTime()) return false;
        blockText(block);
      }
      return true;
    },
  };
}
