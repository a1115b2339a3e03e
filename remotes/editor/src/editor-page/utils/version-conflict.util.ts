import type { Memory } from '@memories/contracts';
import { extractPlainText, type MemoryDocument } from '@memories/editor-schema';

import type { MemoryFormFields } from './draft-mirror.util';
import { parseContentJson, type EditorDocument } from './editor-document';
import { formFieldsOf } from './memory-input.util';

/** One side of a conflict as the dialog shows it. */
export interface ConflictVersion {
  title: string;
  /** yyyy-MM-dd */
  date: string;
  tags: string[];
  /** The content as plain text, one line per block. */
  text: string;
}

const textOf = (content: EditorDocument | null) => (content ? extractPlainText(content as MemoryDocument) : '');

/** The editor's own version: its fields and its document. */
export function formVersion(fields: MemoryFormFields, content: EditorDocument): ConflictVersion {
  return { title: fields.title, date: fields.date, tags: [...fields.tags], text: textOf(content) };
}

/** A saved version, as the editor would show it. */
export function savedVersion(memory: Memory): ConflictVersion {
  const { title, date, tags } = formFieldsOf(memory);
  return { title, date, tags, text: textOf(parseContentJson(memory.contentJson)) };
}
