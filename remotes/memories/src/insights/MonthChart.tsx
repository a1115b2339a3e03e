import Box from '@mui/material/Box';
import type { MonthCount } from '@memories/contracts';
import { describeMonths, monthBars } from './month-chart.util';

const WIDTH = 360;
const HEIGHT = 150;
const TOP = 18;
const BOTTOM = 20;

/** Memories per month as bars (plain SVG), each with its count; screen readers get the same as a sentence. */
export function MonthChart({ months }: { months: readonly MonthCount[] }) {
  const bars = monthBars(months);
  const slot = WIDTH / Math.max(bars.length, 1);
  const room = HEIGHT - TOP - BOTTOM;
  return (
    <Box
      component="svg"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-label={`Memories per month: ${describeMonths(months)}`}
      data-testid="month-chart"
      sx={{ width: '100%', height: 'auto', display: 'block', color: 'text.secondary', '& .bar': { fill: (theme) => theme.palette.primary.main } }}
    >
      {bars.map((bar, index) => {
        const height = Math.max(bar.count > 0 ? 2 : 0, bar.height * room);
        const x = index * slot + slot * 0.2;
        return (
          <g key={bar.month}>
            <rect className="bar" x={x} y={TOP + room - height} width={slot * 0.6} height={height} rx={3} />
            {bar.count > 0 && (
              <text x={x + slot * 0.3} y={TOP + room - height - 4} textAnchor="middle" fontSize={10} fill="currentColor">
                {bar.count}
              </text>
            )}
            <text x={x + slot * 0.3} y={HEIGHT - 6} textAnchor="middle" fontSize={10} fill="currentColor">
              {bar.label}
            </text>
          </g>
        );
      })}
    </Box>
  );
}
