import type { Node as ProseMirrorNode } from '@tiptap/pm/model';

export interface DocumentJsonText {
  /** The document as JSON text, the same as `JSON.stringify(doc.toJSON())`. */
  text(doc: ProseMirrorNode): string;
  /**
   * Serialises the blocks not serialised yet, while `hasTime()` says so (a slice of idle time); true once `text` has
   * nothing left to serialise, so the first write of a long memory need not be one long task either.
   */
  prepare(doc: ProseMirrorNode, hasTime: () => boolean): boolean;
}

/**
 * A serialiser that keeps the JSON text of every top-level block it has written, keyed by the block itself.
 * ProseMirror documents are immutable and a new document shares every block a transaction did not touch, so after a
 * keystroke only the block typed in is serialised again: for a 10,000-paragraph memory that is one paragraph and a
 * string join, not `toJSON` and `JSON.stringify` of 1.4 MiB. Blocks of older documents leave the cache with them.
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
    text(doc) {
      if (doc.childCount === 0) return JSON.stringify(doc.toJSON());
      const blocks: string[] = [];
      doc.forEach((block) => blocks.push(blockText(block)));
      // Node.toJSON's own order: type, attrs (when the node type has any), content.
      const head = JSON.stringify(Object.keys(doc.attrs).length > 0 ? { type: doc.type.name, attrs: doc.attrs } : { type: doc.type.name });
      return `${head.slice(0, -1)},"content":[${blocks.join(',')}]}`;
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
