import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';

export interface MoreOption {
  label: string;
  choose: () => void;
  /** Shown in the error colour (Delete). */
  destructive?: boolean;
}

export interface MoreOptionsItemsProps {
  id: string;
  anchor: HTMLElement | null;
  options: readonly MoreOption[];
  onClose: () => void;
}

/** The "More Options" popup: one item per option. */
export function MoreOptionsItems({ id, anchor, options, onClose }: MoreOptionsItemsProps) {
  return (
    <Menu id={id} anchorEl={anchor} open={anchor !== null} onClose={onClose}>
      {options.map(({ label, choose, destructive }) => (
        <MenuItem key={label} onClick={choose} sx={destructive ? { color: 'error.main' } : undefined}>
          {label}
        </MenuItem>
      ))}
    </Menu>
  );
}
