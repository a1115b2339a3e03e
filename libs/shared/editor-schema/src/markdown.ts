import type { JSONContent } from '@tiptap/core';
import { MarkdownManager } from '@tiptap/markdown';
import { stringify } from 'yaml';
import type { Memory, MemoryMood } from '@memories/contracts';
import { createExtensions } from './create-extensions';
import type { MemoryDocument, MemoryDocumentNode } from './document.types';

let manager: MarkdownManager | undefined;

/**
 * Tiptap's own Markdown parser and serialiser (`@tiptap/markdown`, on `marked`) over the one extension list, so
 * that Markdown maps to exactly the nodes and marks a memory may hold. Pure functions: no editor, no DOM.
 */
function markdownManager(): MarkdownManager {
  if (!manager) {
    const extensions = createExtensions();
    manager = new MarkdownManager({ extensions });
    for (const extension of extensions) manager.registerExtension(extension);
  }
  return manager;
}

/**
 * A memory document as Markdown. What Markdown cannot say (colours, fonts, alignment, image widths) is left out:
 * `contentJson` stays the lossless copy.
 */
export function documentToMarkdown(document: MemoryDocument | JSONContent): string {
  return markdownManager().serialize(document as JSONContent);
}

const TEXTBLOCKS = new Set(['paragraph', 'heading']);

/**
 * Markdown writes images inline (`text ![](a.png) text`), while a memory's image is a block of its own: a text block
 * holding images is split around them, keeping text and order.
 */
function liftImages(node: MemoryDocumentNode): MemoryDocumentNode {
  if (!node.content) return node;
  const content = node.content.flatMap((child): MemoryDocumentNode[] => {
    if (!TEXTBLOCKS.has(child.type) || !child.content?.some((inline) => inline.type === 'image'))
      return [liftImages(child)];
    const pieces: MemoryDocumentNode[] = [];
    let run: MemoryDocumentNode[] = [];
    const closeRun = () => {
      if (run.some((inline) => inline.type !== 'hardBreak')) pieces.push({ ...child, content: run });
      run = [];
    };
    for (const inline of child.content) {
      if (inline.type !== 'image') run.push(inline);
      else {
        closeRun();
        pieces.push(inline);
      }
    }
    closeRun();
    return pieces;
  });
  // A list item starts with a paragraph: one that held only an image keeps an empty one before it.
  if (node.type === 'listItem' && content[0]?.type !== 'paragraph') content.unshift({ type: 'paragraph' });
  return { ...node, content };
}

/** Markdown (CommonMark and GitHub's tables and strikethrough) as an editor document, still to be normalised. */
export function markdownToDocument(markdown: string): MemoryDocument {
  const document = markdownManager().parse(markdown) as MemoryDocument;
  return liftImages({ ...document, type: 'doc', content: document.content ?? [] }) as MemoryDocument;
}

/** The front matter of an exported Markdown file: what a reader (or another journal app) needs besides the body. */
export interface MarkdownFrontMatter {
  title: string;
  date: string;
  tags: string[];
  draft: boolean;
  /** Only when the memory has one (1 to 5). */
  mood?: MemoryMood;
  created: string;
  updated: string;
}

export function frontMatterOf(
  memory: Pick<Memory, 'title' | 'date' | 'tags' | 'isDraft' | 'mood' | 'createdAt' | 'updatedAt'>,
): MarkdownFrontMatter {
  return {
    title: memory.title,
    date: memory.date,
    tags: memory.tags,
    draft: memory.isDraft,
    ...(memory.mood === null ? {} : { mood: memory.mood }),
    created: memory.createdAt,
    updated: memory.updatedAt,
  };
}

/** One memory as a Markdown file: YAML front matter, then the document (images already pointing into the archive). */
export function memoryMarkdown(front: MarkdownFrontMatter, document: MemoryDocument): string {
  return `---\n${stringify(front)}---\n\n${documentToMarkdown(document).trim()}\n`;
}
