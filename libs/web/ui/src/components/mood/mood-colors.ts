import type { Theme } from '@mui/material/styles';
import type { MemoryMood } from '@memories/contracts';
import { nearestMood } from './mood-names';

/**
 * A colour per mood, red (awful) to green (great), in two sets: pale in the light theme under dark text, deep in the
 * dark theme under light text, each with a contrast of at least 4.5:1 with the theme's text. Never the only sign of
 * a mood: every place that colours by mood also names it (a label, an icon, a legend).
 */
const MOOD_COLORS: Record<'light' | 'dark', Record<MemoryMood, string>> = {
  light: { 1: '#f6b8b0', 2: '#f8d1a3', 3: '#f1e3a0', 4: '#cbe6a8', 5: '#a3dbb0' },
  dark: { 1: '#7a2c26', 2: '#7a4a1c', 3: '#5f5720', 4: '#3a5f26', 5: '#1d6138' },
};

const variable = (mood: MemoryMood) => `--memories-mood-${mood}`;
const variablesOf = (scheme: 'light' | 'dark') =>
  Object.fromEntries(
    Object.entries(MOOD_COLORS[scheme]).map(([mood, color]) => [variable(Number(mood) as MemoryMood), color]),
  );

/**
 * The mood colours as CSS variables of the element they are set on, switching with the theme's class (the theme's
 * mode in JavaScript stays "light" while the dark class applies): put them on the root of anything using moodColor.
 */
export const moodColorVariables = (theme: Theme) => ({
  ...variablesOf('light'),
  ...theme.applyStyles('dark', variablesOf('dark')),
});

/** The colour of a mood (or of the nearest mood to an average), as a CSS value read from moodColorVariables. */
export function moodColor(mood: number): string {
  return `var(${variable(nearestMood(mood))})`;
}
