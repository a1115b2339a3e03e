import GridViewIcon from '@mui/icons-material/GridView';
import ViewListIcon from '@mui/icons-material/ViewList';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';

export const VIEW_MODES = ['grid', 'list'] as const;
export type ViewMode = (typeof VIEW_MODES)[number];

/** The grid/list switch of the My Memories list and the profile. */
export function ViewModeToggle({ value, onChange }: { value: ViewMode; onChange: (view: ViewMode) => void }) {
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      aria-label="View"
      value={value}
      onChange={(_event, view: ViewMode | null) => view && onChange(view)}
    >
      <ToggleButton value="grid" aria-label="Grid view">
        <GridViewIcon fontSize="small" />
      </ToggleButton>
      <ToggleButton value="list" aria-label="List view">
        <ViewListIcon fontSize="small" />
      </ToggleButton>
    </ToggleButtonGroup>
  );
}
