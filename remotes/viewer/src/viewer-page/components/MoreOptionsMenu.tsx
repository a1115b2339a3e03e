import MoreVertIcon from '@mui/icons-material/MoreVert';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';

export type PlaceholderAction = 'Share' | 'Print' | 'Download';

export interface MoreOptionsMenuProps {
  /** Share, Print and Download only announce themselves (spec section 1), unless the page handles one itself. */
  onPlaceholder: (action: PlaceholderAction) => void;
  /** Present for the owner only: Share opens the share dialog; for everyone else it stays a notice. */
  onShare?: () => void;
  onPrint?: () => void;
  onDownload?: () => void;
  /** Present for the owner only. */
  onDelete?: () => void;
  /** The version history; present for the owner only. */
  onHistory?: () => void;
}

const PLACEHOLDERS: readonly PlaceholderAction[] = ['Share', 'Print', 'Download'];

/**
 * "More Options": Share, Print and Download for everyone (placeholders unless the page handles one), History and Delete
 * for the owner.
 */
export function MoreOptionsMenu({
  onPlaceholder,
  onShare,
  onPrint,
  onDownload,
  onDelete,
  onHistory,
}: MoreOptionsMenuProps) {
  const handlers: Partial<Record<PlaceholderAction, () => void>> = {
    Share: onShare,
    Print: onPrint,
    Download: onDownload,
  };
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const choose = (run: () => void) => () => {
    setAnchor(null);
    run();
  };
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<MoreVertIcon />}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        More Options
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {PLACEHOLDERS.map((action) => (
          <MenuItem key={action} onClick={choose(handlers[action] ?? (() => onPlaceholder(action)))}>
            {action}
          </MenuItem>
        ))}
        {onHistory && <MenuItem onClick={choose(onHistory)}>History</MenuItem>}
        {onDelete && (
          <MenuItem onClick={choose(onDelete)} sx={{ color: 'error.main' }}>
            Delete
          </MenuItem>
        )}
      </Menu>
    </>
  );
}
