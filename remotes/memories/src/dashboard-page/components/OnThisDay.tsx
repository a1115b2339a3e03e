import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { OnThisDayMemory } from '@memories/contracts';
import { useId } from 'react';
import { MemorySummaryCard } from '../../components/MemorySummaryCard';

export function yearsAgo(years: number): string {
  return years === 1 ? '1 year ago' : `${years} years ago`;
}

/** "On this day": a row of cards of earlier years' memories of today's date, shown only when there are some. */
export function OnThisDay({ memories }: { memories: readonly OnThisDayMemory[] }) {
  const headingId = useId();
  if (memories.length === 0) return null;
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mb: 3 }} data-testid="on-this-day">
      <Typography variant="h6" component="h2" id={headingId} sx={{ mb: 1 }}>
        On this day
      </Typography>
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          pb: 1,
          display: 'grid',
          gridAutoFlow: 'column',
          gridAutoColumns: { xs: '70%', sm: '220px' },
          gap: 2,
          overflowX: 'auto',
          scrollSnapType: 'x mandatory',
          '& > li': { scrollSnapAlign: 'start' },
        }}
      >
        {memories.map((memory) => (
          <li key={memory.id}>
            <MemorySummaryCard memory={memory} overline={yearsAgo(memory.yearsAgo)} />
          </li>
        ))}
      </Box>
    </Box>
  );
}
