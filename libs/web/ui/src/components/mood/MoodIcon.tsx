import SentimentDissatisfiedIcon from '@mui/icons-material/SentimentDissatisfied';
import SentimentNeutralIcon from '@mui/icons-material/SentimentNeutral';
import SentimentSatisfiedIcon from '@mui/icons-material/SentimentSatisfied';
import SentimentVeryDissatisfiedIcon from '@mui/icons-material/SentimentVeryDissatisfied';
import SentimentVerySatisfiedIcon from '@mui/icons-material/SentimentVerySatisfied';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { MemoryMood } from '@memories/contracts';

const ICONS = {
  1: SentimentVeryDissatisfiedIcon,
  2: SentimentDissatisfiedIcon,
  3: SentimentNeutralIcon,
  4: SentimentSatisfiedIcon,
  5: SentimentVerySatisfiedIcon,
} as const;

export interface MoodIconProps extends SvgIconProps {
  mood: MemoryMood;
}

/** A face for a mood: decoration beside its name, hidden from screen readers (the name says it). */
export function MoodIcon({ mood, ...props }: MoodIconProps) {
  const Icon = ICONS[mood];
  return <Icon aria-hidden {...props} />;
}
