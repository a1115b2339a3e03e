import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { MemoryYear } from '@memories/contracts';
import { memoriesCount } from '../../utils/calendar.util';

export interface YearJumpProps {
  years: readonly MemoryYear[];
  /** The year jumped to, or null at the newest memories. */
  selected: number | null;
  onJump: (year: number | null) => void;
}

/** "Jump to": the years with memories, and back to the newest. */
export function YearJump({ years, selected, onJump }: YearJumpProps) {
  if (years.length === 0) return null;
  return (
    <Stack
      direction="row"
      spacing={1}
      useFlexGap
      role="group"
      aria-label="Jump to a year"
      sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 3 }}
    >
      <Typography variant="body2" color="text.secondary">
        Jump to:
      </Typography>
      <Chip
        label="Newest"
        clickable
        color={selected === null ? 'primary' : 'default'}
        variant={selected === null ? 'filled' : 'outlined'}
        aria-pressed={selected === null}
        onClick={() => onJump(null)}
      />
      {years.map(({ year, count }) => (
        <Chip
          key={year}
          label={year}
          clickable
          color={selected === year ? 'primary' : 'default'}
          variant={selected === year ? 'filled' : 'outlined'}
          aria-pressed={selected === year}
          aria-label={`${year}, ${memoriesCount(count)}`}
          onClick={() => onJump(year)}
        />
      ))}
    </Stack>
  );
}
