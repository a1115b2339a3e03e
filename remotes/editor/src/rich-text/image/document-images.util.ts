import type { Editor } from '@tiptap/core';
import type { Fragment, Node as ProseMirrorNode } from '@tiptap/pm/model';
import type { Transaction } from '@tiptap/pm/state';
import { ReplaceAroundStep, ReplaceStep } from '@tiptap/pm/transform';

const IMAGE = 'image';

/**
 * The image sources of a document in reading order, each once. Images are block nodes, so the walk skips the
 * inside of every paragraph and heading: a 10,000-paragraph memory costs one visit per block, not per character.
 */
export function documentImageSources(doc: ProseMirrorNode): string[] {
  const sources = new Set<string>();
  doc.descendants((node) => {
    if (node.type.name === IMAGE && typeof node.attrs['src'] === 'string') sources.add(node.attrs['src']);
    return !node.isTextblock;
  });
  return [...sources];
}

function fragmentHasImage(fragment: Fragment): boolean {
  let found = false;
  fragment.descendants((node) => {
    if (node.type.name === IMAGE) found = true;
    return !found && !node.isTextblock;
  });
  return found;
}

function rangeHasImage(doc: ProseMirrorNode, from: number, to: number): boolean {
  if (from === to) return false;
  let found = false;
  doc.nodesBetween(from, to, (node) => {
    if (node.type.name === IMAGE) found = true;
    return !found && !node.isTextblock;
  });
  return found;
}

/**
 * Whether a transaction can have changed the document's image sources: only when a step inserts or removes an
 * image, or is not a plain replace (attribute and mark steps may change an image's src). Typing a character is one
 * replace inside a paragraph, so the page skips walking a 10,000-paragraph document on every keystroke.
 */
export function transactionMayChangeImages(transaction: Transaction): boolean {
  return transaction.steps.some((step, index) => {
    if (!(step instanceof ReplaceStep || step instanceof ReplaceAroundStep)) return true;
    return fragmentHasImage(step.slice.content) || rangeHasImage(transaction.docs[index], step.from, step.to);
  });
}

export function sameSources(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((source, index) => source === b[index]);
}

/** Deletes every image node with this src in one transaction (one undo step). */
export function removeImagesWithSource(editor: Editor, src: string): void {
  const positions: { from: number; to: number }[] = [];
  editor.state.doc.descendants((node, pos) => {
    if (node.type.name === IMAGE && node.attrs['src'] === src) positions.push({ from: pos, to: pos + node.nodeSize });
    return !node.isTextblock;
  });
  if (positions.length === 0) return;
  const transaction = editor.state.tr;
  // Back to front, so the earlier positions stay valid.
  for (const { from, to } of positions.reverse()) transaction.delete(from, to);
  editor.view.dispatch(transaction);
}
