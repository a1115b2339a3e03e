import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { Link } from 'react-router';

export interface AccountMenuItem {
  label: string;
  to: string;
}

export interface AccountMenuItemsProps {
  id: string;
  anchor: HTMLElement | null;
  items: AccountMenuItem[];
  onClose: () => void;
}

/** The account menu's popup: a link per settings page. */
export function AccountMenuItems({ id, anchor, items, onClose }: AccountMenuItemsProps) {
  return (
    <Menu id={id} anchorEl={anchor} open={anchor !== null} onClose={onClose}>
      {items.map(({ label, to }) => (
        <MenuItem key={to} component={Link} to={to} onClick={onClose}>
          {label}
        </MenuItem>
      ))}
    </Menu>
  );
}
