import type { MemoryChangeKind, MemoryVersionContent } from '@memories/contracts';
import { format } from 'date-fns';
import { diffWords } from 'diff';

/** A run of text in the comparison: in both, only in the version shown, or only in the current text. */
export interface TextPart {
  text: string;
  kind: 'same' | 'onlyInVersion' | 'onlyInCurrent';
}

/** How long a comparison may take before the page gives up highlighting (a huge rewrite could freeze the tab). */
const COMPARE_TIMEOUT_MS = 1500;

/**
 * The version's text against the current text, word by word (the `diff` library): what a restore would bring back
 * and what it would take away. Undefined when the texts differ too much to compare in reasonable time.
 */
export function compareTexts(current: string, version: string): TextPart[] | undefined {
  const changes = diffWords(current, version, { timeout: COMPARE_TIMEOUT_MS });
  return changes?.map((change) => ({
    text: change.value,
    kind: change.added ? 'onlyInVersion' : change.removed ? 'onlyInCurrent' : 'same',
  }));
}

/** "+12 words", "−3 words", "same length"; nothing for the oldest kept version (nothing to compare with). */
export function wordDeltaLabel(delta: number | null): string | undefined {
  if (delta === null) return undefined;
  if (delta === 0) return 'same length';
  const count = Math.abs(delta);
  return `${delta > 0 ? '+' : '−'}${count} ${count === 1 ? 'word' : 'words'}`;
}

/** What replaced the version, when that helps to recognise it in the list. */
export function replacedByLabel(kind: MemoryChangeKind): string | undefined {
  return kind === 'restore' ? 'Before a restore' : undefined;
}

export function formatVersionTime(iso: string): string {
  return format(new Date(iso), 'MMM d, yyyy, h:mm a');
}

const memoryDate = (value: string) => format(new Date(value), 'MMMM d, yyyy');
const tagList = (tags: string[]) => (tags.length > 0 ? tags.join(', ') : 'no tags');

/** The differences outside the text, one sentence each (the text itself is compared word by word). */
export function otherChanges(version: MemoryVersionContent, current: MemoryVersionContent): string[] {
  const changes: string[] = [];
  if (version.title !== current.title) changes.push(`Title: “${version.title}” (now “${current.title}”)`);
  if (version.date !== current.date)
    changes.push(`Date: ${memoryDate(version.date)} (now ${memoryDate(current.date)})`);
  if (tagList(version.tags) !== tagList(current.tags))
    changes.push(`Tags: ${tagList(version.tags)} (now ${tagList(current.tags)})`);
  if (version.isDraft !== current.isDraft)
    changes.push(version.isDraft ? 'A draft (now published)' : 'Published (now a draft)');
  if (version.thumbnailUrl !== current.thumbnailUrl) changes.push('Another thumbnail image');
  return changes;
}
