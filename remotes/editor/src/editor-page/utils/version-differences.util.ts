import { diffWordsWithSpace } from 'diff';

// Apart from version-conflict.util: jsdiff loads with the conflict dialog, not with the editor.

/** A run of text, and whether the other side lacks it. */
export interface TextPart {
  text: string;
  changed: boolean;
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
    mineText: joinChangedRuns(
      changes.filter((change) => !change.removed).map((change) => ({ text: change.value, changed: change.added })),
    ),
    theirsText: joinChangedRuns(
      changes.filter((change) => !change.added).map((change) => ({ text: change.value, changed: change.removed })),
    ),
  };
}

/** Changed words separated only by spaces read as one change: "a nap", not "a" and "nap". */
function joinChangedRuns(parts: TextPart[]): TextPart[] {
  const joined: TextPart[] = [];
  parts.forEach((part, index) => {
    const between =
      !part.changed && /^[ \t]+$/.test(part.text) && parts[index - 1]?.changed && parts[index + 1]?.changed;
    const changed = part.changed || Boolean(between);
    const last = joined.at(-1);
    if (last && last.changed === changed) last.text += part.text;
    else joined.push({ text: part.text, changed });
  });
  return joined;
}
