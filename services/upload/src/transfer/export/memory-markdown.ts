import { stringify } from 'yaml';
import type { Memory } from '@memories/contracts';
import type { MemoryDocument } from '@memories/editor-schema';
import { documentToMarkdown } from '@memories/editor-schema/markdown';

/** The front matter of an exported Markdown file: what a reader (or another journal app) needs besides the body. */
export interface MarkdownFrontMatter {
  title: string;
  date: string;
  tags: string[];
  draft: boolean;
  created: string;
  updated: string;
}

export function frontMatterOf(
  memory: Pick<Memory, 'title' | 'date' | 'tags' | 'isDraft' | 'createdAt' | 'updatedAt'>,
): MarkdownFrontMatter {
  return {
    title: memory.title,
    date: memory.date,
    tags: memory.tags,
    draft: memory.isDraft,
    created: memory.createdAt,
    updated: memory.updatedAt,
  };
}

/** One memory as a Markdown file: YAML front matter, then the document (images already pointing into the archive). */
export function memoryMarkdown(front: MarkdownFrontMatter, document: MemoryDocument): string {
  return `---\n${stringify(front)}---\n\n${documentToMarkdown(document).trim()}\n`;
}
