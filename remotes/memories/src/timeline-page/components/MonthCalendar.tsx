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
import { useId, type ReactNode } from 'react';
import { useRemoteData } from '../../hooks/useRemoteData';
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
 */
export function MonthCalendar({ month, journalId, selectedDay, onMonth, onDay, children }: MonthCalendarProps) {
  const headingId = useId();
  const range = monthRange(month);
  const days = useRemoteData(`${month}|${journalId ?? ''}`, (signal) =>
    rediscoveryApi.calendar({ ...range, ...(journalId ? { journalId } : {}) }, { signal }),
  );
  const counts = new Map((days.status === 'ready' ? days.data : []).map((day: CalendarDay) => [day.date, day.count]));
  const today = localDay();
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={headingId}
      sx={{ p: 2 }}
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
                      count={counts.get(day) ?? 0}
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
  today,
  selected,
  onDay,
}: {
  day: string;
  count: number;
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
      aria-label={`${formatDay(day)}: ${memoriesCount(count)}`}
      sx={{
        width: '100%',
        minHeight: 44,
        borderRadius: 1,
        flexDirection: 'column',
        fontWeight: 700,
        bgcolor: selected ? 'primary.main' : 'action.selected',
        color: selected ? 'primary.contrastText' : 'text.primary',
        '&:hover': { bgcolor: selected ? 'primary.dark' : 'action.focus' },
        '&.Mui-focusVisible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 1 },
        ...ring,
      }}
    >
      {number}
      <Box component="span" aria-hidden sx={{ typography: 'caption', lineHeight: 1, fontWeight: 600 }}>
        {count > 1 ? count : '•'}
      </Box>
    </ButtonBase>
  );
}
