import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { rediscoveryApi } from '@memories/web-api-client';
import { moodColor, moodColorVariables, moodLabel } from '@memories/web-ui';
import { useEffect, useId, useRef } from 'react';
import { useRemoteData } from '../hooks/useRemoteData';
import { ColourByMoodSwitch } from '../mood/ColourByMoodSwitch';
import { useColourByMood } from '../mood/useColourByMood';
import { formatDay, memoriesCount, yearWeeks } from '../utils/calendar.util';
import { heatLevel } from './month-chart.util';

const CELL = 11;
const GAP = 2;
const LEFT = 28;
const TOP = 16;
const STEP = CELL + GAP;
const monthShort = new Intl.DateTimeFormat('en-US', { month: 'short' });

export interface YearHeatMapProps {
  year: number;
  /** The earliest and latest year the arrows may reach. */
  firstYear: number;
  lastYear: number;
  onYear: (year: number) => void;
}

/**
 * A year of days, one column a week (GitHub-style): the more memories a day has, the darker it is. Each day names
 * its count on hover; screen readers get the year's summary. Wider than a phone, it scrolls sideways. "Colour by
 * mood" colours each day by its average mood instead (the legend names the colours, each day's title its mood).
 */
export function YearHeatMap({ year, firstYear, lastYear, onYear }: YearHeatMapProps) {
  const headingId = useId();
  const scroller = useRef<HTMLDivElement>(null);
  // A year wider than the screen opens at its end: the latest weeks are the ones to see first.
  useEffect(() => {
    if (scroller.current) scroller.current.scrollLeft = scroller.current.scrollWidth;
  }, [year]);
  const days = useRemoteData(String(year), (signal) =>
    rediscoveryApi.calendar({ from: `${year}-01-01`, to: `${year}-12-31` }, { signal }),
  );
  const counts = new Map(days.status === 'ready' ? days.data.map((day) => [day.date, day.count]) : []);
  const moods = new Map(days.status === 'ready' ? days.data.map((day) => [day.date, day.mood]) : []);
  const [byMood, setByMood] = useColourByMood();
  const most = Math.max(0, ...counts.values());
  const total = [...counts.values()].reduce((sum, count) => sum + count, 0);
  const weeks = yearWeeks(year);
  const width = LEFT + weeks.length * STEP;
  const height = TOP + 7 * STEP;
  const summary =
    days.status === 'ready'
      ? `${memoriesCount(total)} on ${counts.size} ${counts.size === 1 ? 'day' : 'days'} in ${year}`
      : `Memories per day in ${year}`;
  return (
    <Box component="section" aria-labelledby={headingId} data-testid="year-heat-map" sx={moodColorVariables}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 1 }}>
        <Typography variant="subtitle1" component="h3" id={headingId} sx={{ fontWeight: 600, flex: 1 }}>
          {year} day by day
        </Typography>
        <IconButton
          size="small"
          aria-label="Previous year"
          disabled={year <= firstYear}
          onClick={() => onYear(year - 1)}
        >
          <ChevronLeftIcon />
        </IconButton>
        <IconButton size="small" aria-label="Next year" disabled={year >= lastYear} onClick={() => onYear(year + 1)}>
          <ChevronRightIcon />
        </IconButton>
      </Stack>
      <ColourByMoodSwitch on={byMood} onChange={setByMood} />
      <Box
        ref={scroller}
        role="region"
        aria-label={`${year} day by day, scrolls sideways`}
        tabIndex={0}
        sx={{ overflowX: 'auto', pb: 1 }}
      >
        <Box
          component="svg"
          viewBox={`0 0 ${width} ${height}`}
          width={width}
          height={height}
          role="img"
          aria-label={summary}
          sx={{
            display: 'block',
            color: 'text.secondary',
            '& .day': { fill: (theme) => theme.palette.primary.main },
            '& .day-0': { fill: (theme) => theme.palette.action.selected },
          }}
        >
          {['Mon', 'Wed', 'Fri'].map((label, index) => (
            <text key={label} x={0} y={TOP + (1 + index * 2) * STEP + CELL - 2} fontSize={9} fill="currentColor">
              {label}
            </text>
          ))}
          {weeks.map((week, column) => {
            const first = week.find((day) => day?.endsWith('-01'));
            return (
              <g key={column}>
                {first && (
                  <text x={LEFT + column * STEP} y={TOP - 5} fontSize={9} fill="currentColor">
                    {monthShort.format(new Date(year, Number(first.slice(5, 7)) - 1, 1))}
                  </text>
                )}
                {week.map((day, row) => {
                  if (!day) return null;
                  const count = counts.get(day) ?? 0;
                  const level = heatLevel(count, most);
                  const mood = byMood ? (moods.get(day) ?? null) : null;
                  // Coloured by mood, a day without one is grey, as the legend's "No mood" says.
                  const shade = byMood && mood === null ? 0 : level;
                  return (
                    <rect
                      key={day}
                      className={`day day-${shade}`}
                      x={LEFT + column * STEP}
                      y={TOP + row * STEP}
                      width={CELL}
                      height={CELL}
                      rx={2}
                      fillOpacity={shade === 0 || mood !== null ? 1 : shade / 4}
                      style={mood === null ? undefined : { fill: moodColor(mood) }}
                      data-count={count}
                      data-mood={mood ?? undefined}
                    >
                      <title>{`${formatDay(day)}: ${memoriesCount(count)}${mood === null ? '' : `, ${moodLabel(mood)}`}`}</title>
                    </rect>
                  );
                })}
              </g>
            );
          })}
        </Box>
      </Box>
      {days.status === 'error' && (
        <Typography color="error" role="alert" variant="body2">
          {days.message}
        </Typography>
      )}
    </Box>
  );
}
