import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import type { MemoryDocument } from './document.types';
import { WORDS_PER_MINUTE } from './editor-schema.constants';
import { toDocumentNode } from './memory-schema';

/**
 * The text of a normalised document for search, excerpts and word counts: one line per paragraph, heading,
 * list item, quote line, code line or table cell; a hard break is a line break; images carry no text.
 */
export function extractPlainText(doc: MemoryDocument | ProseMirrorNode): string {
  const node = toDocumentNode(doc);
  return node.textBetween(0, node.content.size, '\n', (leaf) => (leaf.type.name === 'hardBreak' ? '\n' : ''));
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
