import type { MemoryMood } from '@memories/contracts';

/** The words of each mood: the editor's choices, the viewer's and the cards' label, the calendar's legend. */
export const MOOD_NAMES: Readonly<Record<MemoryMood, string>> = {
  1: 'Awful',
  2: 'Bad',
  3: 'Okay',
  4: 'Good',
  5: 'Great',
};

export const MOOD_TEXT = {
  heading: 'Mood',
  none: 'No mood',
} as const;

/** The mood a fractional average is nearest to (an average of 4.5 reads as Great, 4.4 as Good). */
export function nearestMood(average: number): MemoryMood {
  return Math.min(5, Math.max(1, Math.round(average))) as MemoryMood;
}

/** "Mood: Good"; an average also says its number ("Mood: Good (4.3)"). */
export function moodLabel(mood: number): string {
  const name = MOOD_NAMES[nearestMood(mood)];
  return Number.isInteger(mood) ? `${MOOD_TEXT.heading}: ${name}` : `${MOOD_TEXT.heading}: ${name} (${mood})`;
}
