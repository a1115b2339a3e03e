import { plainFieldsOf, storedPlainFields, type Memory, type MemoryInput } from '@memories/contracts';
import { lightFormat } from 'date-fns';

import type { EditorDocument } from './editor-document';
import type { MemoryFormFields } from './draft-mirror.util';

/** The form of a new memory (today's date) or of a loaded one (its calendar date as stored, no time zone shift). */
export function formFieldsOf(memory: Memory | null, today: Date = new Date()): MemoryFormFields {
  if (!memory)
    return { ...plainFieldsOf({}), title: '', date: lightFormat(today, 'yyyy-MM-dd'), tags: [], thumbnailUrl: '' };
  return {
    ...plainFieldsOf(memory),
    title: memory.title,
    date: memory.date.slice(0, 10),
    tags: [...memory.tags],
    thumbnailUrl: memory.thumbnailUrl,
    journalId: memory.journalId,
  };
}

export interface MemoryInputParts {
  fields: MemoryFormFields;
  content: EditorDocument;
  html: string;
  /** The content's image sources: the thumbnail must be one of them. */
  images: readonly string[];
  isDraft: boolean;
  /** Carried through unchanged (spec section 3). */
  sharedWith: readonly string[];
  /** The version of the memory these edits are based on; none for a new memory. */
  version?: number;
}

/** The create/update body: the date goes as a bare yyyy-MM-dd, the server appends 12:00:00. */
export function toMemoryInput({
  fields,
  content,
  html,
  images,
  isDraft,
  sharedWith,
  version,
}: MemoryInputParts): MemoryInput {
  return {
    ...storedPlainFields(fields),
    title: fields.title.trim(),
    date: fields.date,
    contentJson: JSON.stringify(content),
    contentHtml: html,
    tags: [...fields.tags],
    isDraft,
    thumbnailUrl: images.includes(fields.thumbnailUrl) ? fields.thumbnailUrl : '',
    sharedWith: [...sharedWith],
    ...(version === undefined ? {} : { version }),
    ...(fields.journalId ? { journalId: fields.journalId } : {}),
  };
}
