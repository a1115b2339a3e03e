import Box from '@mui/material/Box';
import type { MonthCount } from '@memories/contracts';
import { describeMonths, monthBars } from './month-chart.util';

const HEIGHT = 140;
const TOP = 18;
const BOTTOM = 22;

/**
 * Memories per month as bars (plain SVG), each with its count; screen readers get the same as a sentence. Across,
 * positions are percentages so the chart fills any width with text at its real size; down, pixels.
 */
export function MonthChart({ months }: { months: readonly MonthCount[] }) {
  const bars = monthBars(months);
  const slot = 100 / Math.max(bars.length, 1);
  const room = HEIGHT - TOP - BOTTOM;
  return (
    <Box
      component="svg"
      width="100%"
      height={HEIGHT}
      role="img"
      aria-label={`Memories per month: ${describeMonths(months)}`}
      data-testid="month-chart"
      sx={{ display: 'block', color: 'text.secondary', '& .bar': { fill: (theme) => theme.palette.primary.main } }}
    >
      {bars.map((bar, index) => {
        const height = Math.max(bar.count > 0 ? 2 : 0, bar.height * room);
        const center = `${index * slot + slot / 2}%`;
        return (
          <g key={bar.month}>
            <rect
              className="bar"
              x={`${index * slot + slot * 0.2}%`}
              y={TOP + room - height}
              width={`${slot * 0.6}%`}
              height={height}
              rx={3}
            />
            {bar.count > 0 && (
              <text x={center} y={TOP + room - height - 4} textAnchor="middle" fontSize={11} fill="currentColor">
                {bar.count}
              </text>
            )}
            <text x={center} y={HEIGHT - 6} textAnchor="middle" fontSize={11} fill="currentColor">
              {bar.label}
            </text>
          </g>
        );
      })}
    </Box>
  );
}
