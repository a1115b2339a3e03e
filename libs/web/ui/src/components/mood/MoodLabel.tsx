import Stack from '@mui/material/Stack';
import Typography, { type TypographyProps } from '@mui/material/Typography';
import type { MemoryMood } from '@memories/contracts';
import { MoodIcon } from './MoodIcon';
import { moodLabel } from './mood-names';

export interface MoodLabelProps {
  mood: MemoryMood;
  variant?: TypographyProps['variant'];
}

/** "Mood: Good" with its face: on the viewer and the cards of a memory that has a mood. */
export function MoodLabel({ mood, variant = 'body2' }: MoodLabelProps) {
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', minWidth: 0 }} data-testid="memory-mood">
      <MoodIcon mood={mood} fontSize="small" />
      <Typography variant={variant} component="span" noWrap>
        {moodLabel(mood)}
      </Typography>
    </Stack>
  );
}
