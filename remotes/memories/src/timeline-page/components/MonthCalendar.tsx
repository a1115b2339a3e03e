import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CalendarDay } from '@memories/contracts';
import { rediscoveryApi } from '@memories/web-api-client';
import { MoodIcon, moodColor, moodColorVariables, moodLabel, nearestMood } from '@memories/web-ui';
import { useId, type ReactNode } from 'react';
import { useRemoteData } from '../../hooks/useRemoteData';
import { ColourByMoodSwitch } from '../../mood/ColourByMoodSwitch';
import { useColourByMood } from '../../mood/useColourByMood';
import {
  addMonths,
  formatDay,
  formatMonth,
  memoriesCount,
  monthRange,
  monthWeeks,
  type Month,
} from '../../utils/calendar.util';
import { localDay } from '../../utils/local-day.util';

const WEEKDAYS = [
  ['Sun', 'Sunday'],
  ['Mon', 'Monday'],
  ['Tue', 'Tuesday'],
  ['Wed', 'Wednesday'],
  ['Thu', 'Thursday'],
  ['Fri', 'Friday'],
  ['Sat', 'Saturday'],
] as const;

export interface MonthCalendarProps {
  /** Count one journal's memories (every member's) instead of the person's own. */
  journalId?: string;
  month: Month;
  selectedDay: string | null;
  onMonth: (month: Month) => void;
  onDay: (day: string) => void;
  /** Shown under the grid: the selected day's memories. */
  children?: ReactNode;
}

/**
 * A month grid: each day with memories shows how many and is a button that lists them; days without are plain
 * numbers. The counts come from the calendar endpoint for the month's days as the browser's calendar has them.
 * "Colour by mood" colours each day by its average mood instead, with its face in place of the count.
 */
export function MonthCalendar({ month, journalId, selectedDay, onMonth, onDay, children }: MonthCalendarProps) {
  const headingId = useId();
  const range = monthRange(month);
  const days = useRemoteData(`${month}|${journalId ?? ''}`, (signal) =>
    rediscoveryApi.calendar({ ...range, ...(journalId ? { journalId } : {}) }, { signal }),
  );
  const known = new Map((days.status === 'ready' ? days.data : []).map((day: CalendarDay) => [day.date, day]));
  const today = localDay();
  const [byMood, setByMood] = useColourByMood();
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={headingId}
      sx={[{ p: 2 }, moodColorVariables]}
      data-testid="month-calendar"
    >
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <IconButton aria-label="Previous month" onClick={() => onMonth(addMonths(month, -1))}>
          <ChevronLeftIcon />
        </IconButton>
        <Typography variant="h6" component="h2" id={headingId} aria-live="polite">
          {formatMonth(month)}
        </Typography>
        <IconButton aria-label="Next month" onClick={() => onMonth(addMonths(month, 1))}>
          <ChevronRightIcon />
        </IconButton>
      </Stack>
      <ColourByMoodSwitch on={byMood} onChange={setByMood} />
      <Box
        component="table"
        sx={{ width: '100%', borderCollapse: 'collapse', tableLayout: 'fixed' }}
        aria-labelledby={headingId}
        aria-busy={days.status === 'loading'}
      >
        <thead>
          <tr>
            {WEEKDAYS.map(([short, long]) => (
              <Box
                component="th"
                key={short}
                scope="col"
                abbr={long}
                sx={{ typography: 'caption', color: 'text.secondary', fontWeight: 600, pb: 0.5 }}
              >
                {short}
              </Box>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthWeeks(month).map((week, index) => (
            <tr key={index}>
              {week.map((day, place) => (
                <Box component="td" key={day ?? `blank-${place}`} sx={{ p: 0.25, textAlign: 'center', height: 48 }}>
                  {day && (
                    <DayCell
                      day={day}
                      count={known.get(day)?.count ?? 0}
                      mood={byMood ? (known.get(day)?.mood ?? null) : null}
                      today={day === today}
                      selected={day === selectedDay}
                      onDay={onDay}
                    />
                  )}
                </Box>
              ))}
            </tr>
          ))}
        </tbody>
      </Box>
      {days.status === 'error' && (
        <Typography color="error" role="alert" variant="body2" sx={{ mt: 1 }}>
          {days.message}
        </Typography>
      )}
      {children}
    </Paper>
  );
}

function DayCell({
  day,
  count,
  mood,
  today,
  selected,
  onDay,
}: {
  day: string;
  count: number;
  /** The day's average mood while days are coloured by mood, else null. */
  mood: number | null;
  today: boolean;
  selected: boolean;
  onDay: (day: string) => void;
}) {
  const number = Number(day.slice(8));
  const ring = today ? { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: -2 } : {};
  if (count === 0) {
    return (
      <Box
        sx={{ py: 0.75, borderRadius: 1, color: 'text.secondary', ...ring }}
        aria-current={today ? 'date' : undefined}
      >
        {number}
      </Box>
    );
  }
  return (
    <ButtonBase
      onClick={() => onDay(day)}
      aria-pressed={selected}
      aria-current={today ? 'date' : undefined}
      aria-label={`${formatDay(day)}: ${memoriesCount(count)}${mood === null ? '' : `, ${moodLabel(mood)}`}`}
      data-mood={mood ?? undefined}
      sx={{
        width: '100%',
        minHeight: 44,
        borderRadius: 1,
        flexDirection: 'column',
        fontWeight: 700,
        bgcolor: selected ? 'primary.main' : mood === null ? 'action.selected' : moodColor(mood),
        color: selected ? 'primary.contrastText' : 'text.primary',
        '&:hover': {
          bgcolor: selected ? 'primary.dark' : mood === null ? 'action.focus' : moodColor(mood),
          filter: mood === null || selected ? undefined : 'brightness(0.92)',
        },
        '&.Mui-focusVisible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 1 },
        ...ring,
      }}
    >
      {number}
      <Box component="span" aria-hidden sx={{ typography: 'caption', lineHeight: 1, fontWeight: 600 }}>
        {mood !== null ? <MoodIcon mood={nearestMood(mood)} sx={{ fontSize: 14 }} /> : count > 1 ? count : '•'}
      </Box>
    </ButtonBase>
  );
}
