import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import MuiSelect from '@mui/material/Select';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import type { DateRange } from '../utils/date-range.util';
import { ViewModeToggle } from '../../components/ViewModeToggle';
import type { DashboardFilters, MemoryType, SortOrder } from '../utils/dashboard-filters.util';

const typeLabels: Record<MemoryType, string> = { all: 'All Memories', published: 'Published', drafts: 'Drafts' };
const rangeLabels: Record<DateRange, string> = { all: 'All Time', week: 'This Week', month: 'This Month', year: 'This Year' };
const sortLabels: Record<SortOrder, string> = { newest: 'Newest First', oldest: 'Oldest First', title: 'Title A-Z' };

export interface MemoryFiltersProps {
  filters: DashboardFilters;
  tags: readonly string[];
  onChange: (change: Partial<DashboardFilters>) => void;
  onClear: () => void;
}

// What TextField select renders (same ids, label and outline), without TextField itself: TextField also pulls the
// helper text and the other input variants into /dashboard's first load.
function Select<T extends string>(props: { label: string; value: T; labels: Record<T, string>; onChange: (value: T) => void }) {
  const id = useId();
  return (
    <FormControl size="small" sx={{ minWidth: 160, flex: '1 1 160px' }}>
      <InputLabel htmlFor={id} id={`${id}-label`}>
        {props.label}
      </InputLabel>
      <MuiSelect id={id} labelId={`${id}-label`} label={props.label} value={props.value} onChange={(event) => props.onChange(event.target.value as T)}>
        {(Object.keys(props.labels) as T[]).map((value) => (
          <MenuItem key={value} value={value}>
            {props.labels[value]}
          </MenuItem>
        ))}
      </MuiSelect>
    </FormControl>
  );
}

/** The filters panel (spec section 2): Type, Date Range, Sort By, the view toggle, tag chips and Clear Filters. */
export function MemoryFilters({ filters, tags, onChange, onClear }: MemoryFiltersProps) {
  const toggleTag = (tag: string) =>
    onChange({ tags: filters.tags.includes(tag) ? filters.tags.filter((selected) => selected !== tag) : [...filters.tags, tag] });
  return (
    <Paper variant="outlined" component="section" aria-label="Filters" sx={{ p: 2, mb: 3 }}>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <Select label="Type" value={filters.type} labels={typeLabels} onChange={(type) => onChange({ type })} />
        <Select label="Date Range" value={filters.range} labels={rangeLabels} onChange={(range) => onChange({ range })} />
        <Select label="Sort By" value={filters.sort} labels={sortLabels} onChange={(sort) => onChange({ sort })} />
        <ViewModeToggle value={filters.view} onChange={(view) => onChange({ view })} />
        <Button onClick={onClear}>Clear Filters</Button>
      </Stack>
      {tags.length > 0 && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 2, alignItems: 'center' }} role="group" aria-label="Tags">
          <Typography variant="body2" color="text.secondary">
            Tags:
          </Typography>
          {tags.map((tag) => {
            const selected = filters.tags.includes(tag);
            return (
              <Chip
                key={tag}
                label={tag}
                size="small"
                clickable
                color={selected ? 'primary' : 'default'}
                variant={selected ? 'filled' : 'outlined'}
                aria-pressed={selected}
                onClick={() => toggleTag(tag)}
              />
            );
          })}
        </Stack>
      )}
    </Paper>
  );
}
