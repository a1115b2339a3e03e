import ShuffleIcon from '@mui/icons-material/Shuffle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { rediscoveryApi } from '@memories/web-api-client';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { useRemoteData } from '../hooks/useRemoteData';
import { localDay } from '../utils/local-day.util';
import { MonthChart } from './MonthChart';
import { MoodPerMonth } from './MoodPerMonth';
import { YearHeatMap } from './YearHeatMap';

const days = (count: number) => (count === 1 ? '1 day' : `${count} days`);
const number = new Intl.NumberFormat('en-US');

/**
 * "Your writing" on the profile: totals, streaks of days, memories per month, a year heat map and "Surprise me"
 * (a random memory). Everything is about the user's own memories, by their dates.
 */
export function WritingInsights() {
  const headingId = useId();
  const today = localDay();
  const stats = useRemoteData(today, (signal) => rediscoveryApi.stats({ date: today }, { signal }));
  const years = useRemoteData('years', (signal) => rediscoveryApi.years({}, { signal }));
  const thisYear = Number(today.slice(0, 4));
  const [year, setYear] = useState(thisYear);
  const knownYears = years.status === 'ready' ? years.data.map((known) => known.year) : [];
  const [surprise, setSurprise] = useState<{ busy: boolean; message?: string }>({ busy: false });
  const navigate = useNavigate();

  const surpriseMe = async () => {
    setSurprise({ busy: true });
    try {
      const memory = await rediscoveryApi.random();
      if (memory) await navigate(`/memory/${memory.id}`);
      else setSurprise({ busy: false, message: 'Write a memory first, then come back for a surprise.' });
    } catch (error) {
      setSurprise({ busy: false, message: error instanceof Error ? error.message : String(error) });
    }
  };

  const tiles =
    stats.status === 'ready'
      ? [
          { label: 'Memories', value: number.format(stats.data.totalMemories) },
          { label: 'Words', value: number.format(stats.data.totalWords) },
          { label: 'Current streak', value: days(stats.data.currentStreak) },
          { label: 'Longest streak', value: days(stats.data.longestStreak) },
        ]
      : [];

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={headingId}
      sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}
      data-testid="writing-insights"
    >
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap', mb: 2 }}
      >
        <Typography variant="h6" component="h2" id={headingId}>
          Your writing
        </Typography>
        <Button
          variant="outlined"
          startIcon={<ShuffleIcon />}
          disabled={surprise.busy}
          onClick={() => void surpriseMe()}
        >
          Surprise me
        </Button>
      </Stack>
      {surprise.message && (
        <Typography role="status" color="text.secondary" sx={{ mb: 2 }}>
          {surprise.message}
        </Typography>
      )}
      {stats.status === 'error' && (
        <Typography color="error" role="alert">
          {stats.message}
        </Typography>
      )}
      <Box
        component={stats.status === 'loading' ? 'div' : 'dl'}
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(4, 1fr)' },
          gap: 2,
          m: 0,
          mb: 3,
        }}
        data-testid="writing-stats"
      >
        {stats.status === 'loading'
          ? Array.from({ length: 4 }, (_, index) => <Skeleton key={index} variant="rounded" height={56} />)
          : tiles.map((tile) => (
              <Box key={tile.label} sx={{ p: 1.5, borderRadius: 1, bgcolor: 'action.hover' }}>
                <Typography component="dt" variant="caption" color="text.secondary">
                  {tile.label}
                </Typography>
                <Typography component="dd" variant="h6" sx={{ m: 0, fontWeight: 700 }}>
                  {tile.value}
                </Typography>
              </Box>
            ))}
      </Box>
      {stats.status === 'ready' && (
        <Box sx={{ mb: 3 }}>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
            Memories per month
          </Typography>
          <MonthChart months={stats.data.perMonth} />
        </Box>
      )}
      {stats.status === 'ready' && <MoodPerMonth months={stats.data.perMonth} />}
      <YearHeatMap
        year={year}
        firstYear={Math.min(thisYear, ...knownYears)}
        lastYear={Math.max(thisYear, ...knownYears)}
        onYear={setYear}
      />
    </Paper>
  );
}
