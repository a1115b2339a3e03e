import { LazyPartBoundary, lazyPart } from '@memories/web-ui';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import Button from '@mui/material/Button';
import { useId, useState } from 'react';
import type { MoreOption } from './MoreOptionsItems';

// The popup (MUI's Menu, Popover, Modal and focus trap, ~12 KiB gzip) is fetched when the button is first hovered,
// focused or pressed, not with every memory opened.
const MoreOptionsItems = lazyPart(() => import('./MoreOptionsItems').then(({ MoreOptionsItems }) => MoreOptionsItems));

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
  /** Share, Print or Download left out altogether, where not even a notice would be true (a locked memory). */
  hidden?: readonly PlaceholderAction[];
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
  hidden = [],
}: MoreOptionsMenuProps) {
  const handlers: Partial<Record<PlaceholderAction, () => void>> = {
    Share: onShare,
    Print: onPrint,
    Download: onDownload,
  };
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [menuUsed, setMenuUsed] = useState(false);
  const menuId = useId();
  const choose = (run: () => void) => () => {
    setAnchor(null);
    run();
  };
  const options: MoreOption[] = [
    ...PLACEHOLDERS.filter((action) => !hidden.includes(action)).map((action) => ({
      label: action,
      choose: choose(handlers[action] ?? (() => onPlaceholder(action))),
    })),
    ...(onHistory ? [{ label: 'History', choose: choose(onHistory) }] : []),
    ...(onDelete ? [{ label: 'Delete', choose: choose(onDelete), destructive: true }] : []),
  ];
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<MoreVertIcon />}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onPointerEnter={MoreOptionsItems.preload}
        onFocus={MoreOptionsItems.preload}
        onClick={(event) => (setMenuUsed(true), setAnchor(event.currentTarget))}
      >
        More Options
      </Button>
      {menuUsed && (
        // Without the popup's code nothing opens; pressing the button again fetches the code again.
        <LazyPartBoundary fallback={null} retryKey={anchor}>
          <MoreOptionsItems id={menuId} anchor={anchor} options={options} onClose={() => setAnchor(null)} />
        </LazyPartBoundary>
      )}
    </>
  );
}
