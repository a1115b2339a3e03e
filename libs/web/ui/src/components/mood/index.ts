export { MOOD_NAMES, MOOD_TEXT, moodLabel, nearestMood } from './mood-names';
export { moodColor, moodColorVariables } from './mood-colors';
export { MoodIcon } from './MoodIcon';
export type { MoodIconProps } from './MoodIcon';
export { MoodLabel } from './MoodLabel';
export type { MoodLabelProps } from './MoodLabel';
