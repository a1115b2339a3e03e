import { LazyPartBoundary, lazyPart, useScreenBelow } from '@memories/web-ui';
import FilterListIcon from '@mui/icons-material/FilterList';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import type { DateRange } from '../utils/date-range.util';
import { FilterSelect as Select } from './FilterSelect';
import { ViewModeToggle } from '../../components/ViewModeToggle';
import {
  activeFilterCount,
  type DashboardFilters,
  type MemoryType,
  type SortOrder,
} from '../utils/dashboard-filters.util';

// MUI's Badge is drawn only on phones, where the panel starts closed: a wide screen never fetches it.
const ActiveFiltersIcon = lazyPart(() =>
  import('./ActiveFiltersIcon').then(({ ActiveFiltersIcon }) => ActiveFiltersIcon),
);

const typeLabels: Record<MemoryType, string> = { all: 'All Memories', published: 'Published', drafts: 'Drafts' };
const rangeLabels: Record<DateRange, string> = {
  all: 'All Time',
  week: 'This Week',
  month: 'This Month',
  year: 'This Year',
};
const listSortLabels: Record<Exclude<SortOrder, 'relevance'>, string> = {
  newest: 'Newest First',
  oldest: 'Oldest First',
  title: 'Title A-Z',
};
// Relevance is an order only while there are words to search for.
const searchSortLabels: Record<SortOrder, string> = { relevance: 'Relevance', ...listSortLabels };

export interface MemoryFiltersProps {
  filters: DashboardFilters;
  /** Journal ids and names for the journal switcher ("all" first); none when the person has one journal. */
  journalLabels: Record<string, string> | null;
  tags: readonly string[];
  onChange: (change: Partial<DashboardFilters>) => void;
  onClear: () => void;
}

/**
 * The filters panel (spec section 2): Type, Date Range, Sort By, the view toggle, tag chips and Clear Filters. On a
 * phone it would fill the first screen, so there it starts closed behind a Filters button that counts what is active.
 */
export function MemoryFilters({ filters, journalLabels, tags, onChange, onClear }: MemoryFiltersProps) {
  // Known at the first render, so a phone never shows the open panel for a moment.
  const small = useScreenBelow('sm');
  const [openOnSmall, setOpenOnSmall] = useState(false);
  const panelId = useId();
  const active = activeFilterCount(filters);
  const open = !small || openOnSmall;
  const toggleTag = (tag: string) =>
    onChange({
      tags: filters.tags.includes(tag) ? filters.tags.filter((selected) => selected !== tag) : [...filters.tags, tag],
    });
  return (
    <Paper variant="outlined" component="section" aria-label="Filters" sx={{ p: small ? 1 : 2, mb: 3 }}>
      {small && (
        <Button
          fullWidth
          color="inherit"
          aria-expanded={openOnSmall}
          aria-controls={panelId}
          aria-label={active > 0 ? `Filters (${active} active)` : 'Filters'}
          onClick={() => setOpenOnSmall((wasOpen) => !wasOpen)}
          startIcon={
            // The count is also in the button's name, so until the badge has loaded the plain icon says enough.
            <LazyPartBoundary loading={<FilterListIcon />} fallback={<FilterListIcon />}>
              <ActiveFiltersIcon active={active} />
            </LazyPartBoundary>
          }
          sx={{ justifyContent: 'flex-start' }}
        >
          Filters
        </Button>
      )}
      {open && (
        <div id={panelId}>
          <Stack
            direction="row"
            spacing={2}
            useFlexGap
            sx={{ flexWrap: 'wrap', alignItems: 'center', mt: small ? 1 : 0 }}
          >
            {journalLabels && (
              <Select
                label="Journal"
                value={filters.journal in journalLabels ? filters.journal : 'all'}
                labels={journalLabels}
                onChange={(journal) => onChange({ journal })}
              />
            )}
            <Select label="Type" value={filters.type} labels={typeLabels} onChange={(type) => onChange({ type })} />
            <Select
              label="Date Range"
              value={filters.range}
              labels={rangeLabels}
              onChange={(range) => onChange({ range })}
            />
            <Select
              label="Sort By"
              value={filters.sort}
              labels={filters.search ? searchSortLabels : (listSortLabels as Record<SortOrder, string>)}
              onChange={(sort) => onChange({ sort })}
            />
            <ViewModeToggle value={filters.view} onChange={(view) => onChange({ view })} />
            <Button onClick={onClear}>Clear Filters</Button>
          </Stack>
          {tags.length > 0 && (
            <Stack
              direction="row"
              spacing={1}
              useFlexGap
              sx={{ flexWrap: 'wrap', mt: 2, alignItems: 'center' }}
              role="group"
              aria-label="Tags"
            >
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
        </div>
      )}
    </Paper>
  );
}
