import type { SharedItem } from '@memories/web-offline';
import type { EditorDocument } from '../utils/editor-document';

/** What a new memory starts with besides empty fields: a document, a title, and what another app shared. */
export interface NewMemoryStarter {
  content: EditorDocument | null;
  title: string;
  /** Shared into the app (the share target): its photos are uploaded into the memory, then it is forgotten. */
  shared: SharedItem | null;
}

export const EMPTY_STARTER: NewMemoryStarter = { content: null, title: '', shared: null };

const LONGEST_SHARED_TITLE = 120;

type Block = NonNullable<EditorDocument['content']>[number];

const paragraph = (text: string): Block =>
  text ? { type: 'paragraph', content: [{ type: 'text', text }] } : { type: 'paragraph' };

function link(url: string): Block {
  return { type: 'paragraph', content: [{ type: 'text', text: url, marks: [{ type: 'link', attrs: { href: url } }] }] };
}

/**
 * The document a new memory opens with: the writing prompt as a heading (a reminder's, from the URL), then what was
 * shared into the app (its text, its link) or else the person's template. Null when there is nothing to start with.
 */
export function starterDocument(
  prompt: string | null,
  template: EditorDocument | null,
  shared: SharedItem | null,
): EditorDocument | null {
  const blocks: Block[] = [];
  if (prompt) blocks.push({ type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: prompt }] });
  if (shared) {
    if (shared.text) blocks.push(...shared.text.split('\n').map((line) => paragraph(line.trim())));
    if (shared.url && /^https?:\/\//i.test(shared.url)) blocks.push(link(shared.url));
  } else if (template?.content) {
    blocks.push(...template.content);
  }
  if (blocks.length === 0) return null;
  if (prompt && blocks.length === 1) blocks.push(paragraph(''));
  return { type: 'doc', content: blocks };
}

/** A title for what was shared (a memory needs one): its own, else its text's first line, else where it is from. */
export function sharedTitle(shared: SharedItem): string {
  const firstLine =
    shared.text
      .split('\n')
      .find((line) => line.trim() !== '')
      ?.trim() ?? '';
  let host = '';
  try {
    host = shared.url ? new URL(shared.url).hostname : '';
  } catch {
    host = '';
  }
  const title = shared.title || firstLine || host || (shared.files.length > 0 ? 'Shared photos' : 'Shared');
  return title.length > LONGEST_SHARED_TITLE ? `${title.slice(0, LONGEST_SHARED_TITLE - 1)}…` : title;
}
