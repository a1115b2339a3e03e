import { stringify } from 'yaml';
import type { Memory, MemoryMood } from '@memories/contracts';
import type { MemoryDocument } from '@memories/editor-schema';
import { documentToMarkdown } from '@memories/editor-schema/markdown';

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
