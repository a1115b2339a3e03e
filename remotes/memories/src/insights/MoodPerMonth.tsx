import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { MonthCount } from '@memories/contracts';
import { MoodIcon, moodColor, moodColorVariables, moodLabel, nearestMood } from '@memories/web-ui';
import { useId } from 'react';
import { monthMoods } from './month-chart.util';

/**
 * The average mood of each month of the chart that has one: a list (a month, its face and "Mood: Good (3.7)" on the
 * mood's colour), so it reads the same to a screen reader and wraps on a phone. Nothing while no memory has a mood.
 */
export function MoodPerMonth({ months }: { months: readonly MonthCount[] }) {
  const headingId = useId();
  const moods = monthMoods(months);
  if (moods.length === 0) return null;
  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      sx={[{ mb: 3 }, moodColorVariables]}
      data-testid="mood-per-month"
    >
      <Typography variant="subtitle1" component="h3" id={headingId} sx={{ fontWeight: 600, mb: 1 }}>
        Average mood per month
      </Typography>
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))',
          gap: 1,
        }}
      >
        {moods.map(({ month, name, mood }) => (
          <Box
            component="li"
            key={month}
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 1,
              px: 1.5,
              py: 1,
              borderRadius: 1,
              bgcolor: moodColor(mood),
              color: 'text.primary',
            }}
          >
            <MoodIcon mood={nearestMood(mood)} fontSize="small" />
            <Box>
              <Typography variant="caption" component="p" sx={{ fontWeight: 600 }}>
                {name}
              </Typography>
              <Typography variant="body2" component="p">
                {moodLabel(mood)}
              </Typography>
            </Box>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
