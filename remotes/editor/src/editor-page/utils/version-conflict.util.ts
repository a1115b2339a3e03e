import type { Memory } from '@memories/contracts';
import { extractPlainText, type MemoryDocument } from '@memories/editor-schema';
import { diffWordsWithSpace } from 'diff';

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

/** A run of text, and whether the other side lacks it. */
export interface TextPart {
  text: string;
  changed: boolean;
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

/**
 * Whether the newer version changed anything the editor edits (title, date, tags, thumbnail, content) since the
 * version this editor is based on. When it did not (it was only published or shared elsewhere), saving on top of it
 * loses nothing and needs no question.
 */
export function changedElsewhere(base: Memory, newer: Memory): boolean {
  return (
    base.title !== newer.title ||
    base.date !== newer.date ||
    base.thumbnailUrl !== newer.thumbnailUrl ||
    base.contentJson !== newer.contentJson ||
    base.tags.join('\u0000') !== newer.tags.join('\u0000')
  );
}

/**
 * Beyond this many differing words and spaces, or this long on a slow device, the texts are shown whole and marked
 * as different rather than word by word: the diff's work grows with the length times the number of differences,
 * and the dialog must open at once.
 */
const MAX_EDIT_LENGTH = 500;
const MAX_DIFF_MS = 250;

/** Both texts, each with the words the other lacks marked (jsdiff's word diff, whitespace and line breaks kept). */
export function differencesBetween(mine: string, theirs: string): { mineText: TextPart[]; theirsText: TextPart[] } {
  const changes = diffWordsWithSpace(theirs, mine, { maxEditLength: MAX_EDIT_LENGTH, timeout: MAX_DIFF_MS });
  if (!changes) return { mineText: [{ text: mine, changed: true }], theirsText: [{ text: theirs, changed: true }] };
  return {
    mineText: joinChangedRuns(changes.filter((change) => !change.removed).map((change) => ({ text: change.value, changed: change.added }))),
    theirsText: joinChangedRuns(changes.filter((change) => !change.added).map((change) => ({ text: change.value, changed: change.removed }))),
  };
}

/** Changed words separated only by spaces read as one change: "a nap", not "a" and "nap". */
function joinChangedRuns(parts: TextPart[]): TextPart[] {
  const joined: TextPart[] = [];
  parts.forEach((part, index) => {
    const between = !part.changed && /^[ \t]+$/.test(part.text) && parts[index - 1]?.changed && parts[index + 1]?.changed;
    const changed = part.changed || Boolean(between);
    const last = joined.at(-1);
    if (last && last.changed === changed) last.text += part.text;
    else joined.push({ text: part.text, changed });
  });
  return joined;
}
