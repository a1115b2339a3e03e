import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { rediscoveryApi } from '@memories/web-api-client';
import { useJournals } from '@memories/web-journals';
import { Link, useSearchParams } from 'react-router';
import { FilterSelect } from '../dashboard-page/components/FilterSelect';
import { useRemoteData } from '../hooks/useRemoteData';
import { formatMonth, isMonth, monthOf, type Month } from '../utils/calendar.util';
import { localDay } from '../utils/local-day.util';
import { DayMemories } from './components/DayMemories';
import { LoadMoreOnScroll } from './components/LoadMoreOnScroll';
import { MonthCalendar } from './components/MonthCalendar';
import { TimelineEntry } from './components/TimelineEntry';
import { YearJump } from './components/YearJump';
import { useTimeline } from './hooks/useTimeline';
import { groupByYearAndMonth } from './utils/timeline-groups.util';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * /timeline (exposed as `memories/TimelinePage`): every memory by its date, newest first, grouped by year and month,
 * loading older ones as the list scrolls; a jump to any year; and a month calendar whose days list their memories.
 * The year, the calendar's month and its day live in the URL.
 */
export function TimelinePage() {
  const [params, setParams] = useSearchParams();
  const year = /^\d{4}$/.test(params.get('year') ?? '') ? Number(params.get('year')) : null;
  const day = DAY.test(params.get('day') ?? '') ? (params.get('day') as string) : null;
  const monthParam = params.get('month');
  const month: Month = isMonth(monthParam)
    ? monthParam
    : day
      ? monthOf(day)
      : year
        ? `${year}-12`
        : monthOf(localDay());
  const journals = useJournals();
  const journalParam = params.get('journal');
  const journal = journalParam ? journals.byId(journalParam) : undefined;
  const journalId = journalParam ?? undefined;
  const timeline = useTimeline(year === null ? undefined : `${year}-12-31`, journalId);
  const years = useRemoteData(`years|${journalId ?? ''}`, (signal) =>
    rediscoveryApi.years(journalId ? { journalId } : {}, { signal }),
  );
  const journalLabels =
    journals.journals.length > 1
      ? { all: 'All journals', ...Object.fromEntries(journals.journals.map((item) => [item.id, item.name])) }
      : null;

  const change = (next: Record<string, string | null>) => {
    const updated = new URLSearchParams(params);
    for (const [key, value] of Object.entries(next)) {
      if (value === null) updated.delete(key);
      else updated.set(key, value);
    }
    setParams(updated);
  };
  const groups = groupByYearAndMonth(timeline.entries);
  const empty = !timeline.loading && !timeline.error && timeline.entries.length === 0;

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, sm: 4 }, px: { xs: 1.5, sm: 3 } }} data-testid="remote-memories">
      <Typography variant="h4" component="h1">
        Timeline
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {journal
          ? `${journal.name}: every member’s memories, newest first.`
          : 'Your memories through the years, newest first.'}
      </Typography>
      {journalLabels && (
        <Box sx={{ mb: 2, maxWidth: 320 }}>
          <FilterSelect
            label="Journal"
            value={journalId && journalId in journalLabels ? journalId : 'all'}
            labels={journalLabels}
            onChange={(picked) => change({ journal: picked === 'all' ? null : picked, year: null, day: null })}
          />
        </Box>
      )}
      <YearJump
        years={years.status === 'ready' ? years.data : []}
        selected={year}
        onJump={(jumped) => change({ year: jumped === null ? null : String(jumped), month: null, day: null })}
      />

      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) 340px' },
          alignItems: 'start',
        }}
      >
        <Box sx={{ order: { xs: 1, md: 2 }, position: { md: 'sticky' }, top: { md: 88 } }}>
          <MonthCalendar
            month={month}
            journalId={journalId}
            selectedDay={day}
            onMonth={(next) => change({ month: next, day: null })}
            onDay={(picked) => change({ month: monthOf(picked), day: picked === day ? null : picked })}
          >
            {day && <DayMemories day={day} journalId={journalId} />}
          </MonthCalendar>
        </Box>

        <Box component="section" aria-label="Timeline" sx={{ order: { xs: 2, md: 1 }, minWidth: 0 }}>
          {groups.map((group) => (
            <Box key={group.year} sx={{ mb: 2 }}>
              <Typography
                variant="h5"
                component="h2"
                sx={{
                  fontWeight: 700,
                  position: 'sticky',
                  top: { xs: 56, sm: 64 },
                  bgcolor: 'background.default',
                  py: 1,
                  zIndex: 1,
                }}
              >
                {group.year}
              </Typography>
              {group.months.map((entriesOfMonth) => (
                <Box key={entriesOfMonth.month} sx={{ borderLeft: 2, borderColor: 'divider', pl: 2, ml: 0.5, mb: 2 }}>
                  <Typography
                    variant="subtitle2"
                    component="h3"
                    color="text.secondary"
                    sx={{ textTransform: 'uppercase', letterSpacing: 1, pt: 1 }}
                  >
                    {formatMonth(entriesOfMonth.month)}
                  </Typography>
                  {entriesOfMonth.entries.map((entry) => (
                    <TimelineEntry key={entry.id} entry={entry} />
                  ))}
                </Box>
              ))}
            </Box>
          ))}
          {timeline.loading && timeline.entries.length === 0 && (
            <Skeleton variant="rounded" height={240} data-testid="timeline-loading" />
          )}
          {timeline.error && (
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" onClick={timeline.loadMore}>
                  Try again
                </Button>
              }
            >
              {timeline.error}
            </Alert>
          )}
          {!timeline.error && timeline.entries.length > 0 && timeline.hasMore && (
            <LoadMoreOnScroll loading={timeline.loading} onLoadMore={timeline.loadMore} label="Show older memories" />
          )}
          {!timeline.hasMore && timeline.entries.length > 0 && (
            <Typography color="text.secondary" sx={{ textAlign: 'center', py: 2 }}>
              That is where your journal begins.
            </Typography>
          )}
          {empty && (
            <Paper variant="outlined" sx={{ p: 6, textAlign: 'center' }}>
              <Typography variant="h6" component="h2">
                {year === null ? 'Your timeline is empty' : `No memories in ${year} or before`}
              </Typography>
              <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
                Memories appear here by their date as you write them.
              </Typography>
              <Button variant="contained" component={Link} to="/memory/create">
                Create Memory
              </Button>
            </Paper>
          )}
        </Box>
      </Box>
    </Container>
  );
}
