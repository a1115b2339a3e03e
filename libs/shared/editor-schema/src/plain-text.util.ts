import { Node as ProseMirrorNode } from '@tiptap/pm/model';
import type { MemoryDocument, MemoryDocumentNode } from './document.types';
import { WORDS_PER_MINUTE } from './editor-schema.constants';
import { getMemorySchema } from './memory-schema';

/** What the text rule reads of a node, from a document's JSON or from ProseMirror's node alike. */
interface TextSource<N> {
  typeName(node: N): string;
  text(node: N): string | undefined;
  children(node: N): Iterable<N>;
}

// Read warily: the browser reads a locked memory's JSON as it was sealed, which no server normalised.
const FROM_JSON: TextSource<MemoryDocumentNode> = {
  typeName: (node) => (typeof node?.type === 'string' ? node.type : ''),
  text: (node) => (typeof node.text === 'string' ? node.text : undefined),
  children: (node) => (Array.isArray(node?.content) ? node.content : []),
};

const FROM_NODE: TextSource<ProseMirrorNode> = {
  typeName: (node) => node.type.name,
  text: (node) => node.text,
  children: (node) => node.children,
};

/**
 * The text of a normalised document for search, excerpts and word counts: one line per paragraph, heading,
 * list item, quote line, code line or table cell; a hard break is a line break; images carry no text. (ProseMirror's
 * `textBetween` with a line break between blocks, read straight from the JSON when that is what the caller has:
 * building the document's nodes first was most of what a locked journal's first search cost.)
 */
export function extractPlainText(doc: MemoryDocument | ProseMirrorNode): string {
  return doc instanceof ProseMirrorNode ? textOf(doc, FROM_NODE) : textOf(doc, FROM_JSON);
}

function textOf<N>(root: N, source: TextSource<N>): string {
  const { nodes } = getMemorySchema();
  let text = '';
  let first = true;
  const visit = (node: N): void => {
    const name = source.typeName(node);
    const type = Object.hasOwn(nodes, name) ? nodes[name] : undefined;
    // A node the schema does not have holds nothing a normalised document keeps.
    if (!type) return;
    const nodeText = type.isText ? (source.text(node) ?? '') : type.name === 'hardBreak' ? '\n' : '';
    // A line break before every block of text but the first, as textBetween puts its block separator.
    if (type.isBlock && (type.isTextblock || (type.isLeaf && nodeText !== ''))) {
      if (first) first = false;
      else text += '\n';
    }
    text += nodeText;
    for (const child of source.children(node)) visit(child);
  };
  for (const child of source.children(root)) visit(child);
  return text;
}

// Han, Hiragana and Katakana are written without spaces: each character counts as a word, as word processors
// count them. Any other run of letters, digits and combining marks is a word, joined across an apostrophe, hyphen,
// dot or comma between two such characters ("don't", "well-known", "12.50").
const WORD =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]|(?:(?![\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}])[\p{L}\p{N}\p{M}])+(?:['’.,-](?:(?![\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}])[\p{L}\p{N}\p{M}])+)*/gu;

/**
 * Words as a reader counts them, in linear time (ICU word segmentation, `Intl.Segmenter`, turned out quadratic on
 * long texts in V8). Punctuation, symbols and spaces are not words; scripts written without spaces other than
 * Chinese and Japanese (Thai, Khmer...) count one word per run.
 */
export function countWords(text: string): number {
  let words = 0;
  for (const _match of text.matchAll(WORD)) words += 1;
  return words;
}

/** Whole minutes at `WORDS_PER_MINUTE` (200), rounded up: at least 1 for any content, 0 for none. */
export function readingTimeMinutes(words: number): number {
  if (!Number.isFinite(words) || words <= 0) return 0;
  return Math.max(1, Math.ceil(words / WORDS_PER_MINUTE));
}
