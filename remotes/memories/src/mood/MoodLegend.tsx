import Box from '@mui/material/Box';
import { MEMORY_MOODS } from '@memories/contracts';
import { MOOD_NAMES, MOOD_TEXT, MoodIcon, moodColor, moodColorVariables } from '@memories/web-ui';

const SWATCH = { width: 14, height: 14, borderRadius: 0.5, border: 1, borderColor: 'divider' } as const;

/** What each colour means while days are coloured by mood: a swatch, a face and a word per mood. */
export function MoodLegend() {
  return (
    <Box
      component="ul"
      aria-label={`${MOOD_TEXT.heading} colours`}
      data-testid="mood-legend"
      sx={[
        { listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', gap: 1, typography: 'caption' },
        moodColorVariables,
      ]}
    >
      <Box component="li" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
        <Box aria-hidden sx={{ ...SWATCH, bgcolor: 'action.selected' }} />
        {MOOD_TEXT.none}
      </Box>
      {MEMORY_MOODS.map((mood) => (
        <Box component="li" key={mood} sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
          <Box aria-hidden sx={{ ...SWATCH, bgcolor: moodColor(mood) }} />
          <MoodIcon mood={mood} sx={{ fontSize: 16 }} />
          {MOOD_NAMES[mood]}
        </Box>
      ))}
    </Box>
  );
}
