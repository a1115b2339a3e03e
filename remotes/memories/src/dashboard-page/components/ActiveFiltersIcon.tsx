import FilterListIcon from '@mui/icons-material/FilterList';
import Badge from '@mui/material/Badge';

/** The phone's Filters button icon, with how many filters are active (none shows while nothing is set). */
export function ActiveFiltersIcon({ active }: { active: number }) {
  return (
    <Badge badgeContent={active} color="primary">
      <FilterListIcon />
    </Badge>
  );
}
