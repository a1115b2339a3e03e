import type { AuthUser } from '@memories/contracts';
import type { AccountMenuItem } from './AccountMenuItems';
import { onlyForScreenReadersBelowSm } from './screen-reader-only';
import { LazyPartBoundary, lazyPart, UserAvatar } from '@memories/web-ui';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';

// The menu (MUI's Menu, Popover, Modal and focus trap, ~12 KiB gzip) is fetched when the button is first hovered,
// focused or pressed, not with every signed-in page.
const AccountMenuItems = lazyPart(() => import('./AccountMenuItems').then(({ AccountMenuItems }) => AccountMenuItems));

// Below sm the name is read by screen readers only: a 360 px bar keeps the avatar, theme toggle and Logout.
const nameOnlyForScreenReadersBelowSm = onlyForScreenReadersBelowSm;

const items: AccountMenuItem[] = [
  { label: 'Settings', to: '/settings' },
  { label: 'Your data', to: '/settings/data' },
];
// Only an admin sees the way to the administration (the gateway refuses the rest anyway).
const adminItems: AccountMenuItem[] = [...items, { label: 'Administration', to: '/settings/users' }];

export interface AccountMenuProps {
  user: AuthUser | null;
  displayName: string;
}

/**
 * The spec's avatar initial and name in the top bar, as the button of the account menu: the way to the settings
 * pages from every signed-in page, on phones too (the bottom tab bar has no room for them).
 */
export function AccountMenu({ user, displayName }: AccountMenuProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [menuUsed, setMenuUsed] = useState(false);
  const menuId = useId();

  return (
    <>
      <ButtonBase
        aria-label={`Account menu for ${displayName}`}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onPointerEnter={AccountMenuItems.preload}
        onFocus={AccountMenuItems.preload}
        onClick={(event) => (setMenuUsed(true), setAnchor(event.currentTarget))}
        sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0, borderRadius: 1, px: 0.5, py: 0.25 }}
      >
        <UserAvatar name={user?.name} email={user?.email} imageUrl={user?.profileImageUrl} maxInitials={1} />
        <Typography
          component="span"
          data-testid="user-display-name"
          noWrap
          sx={{ fontWeight: 600, maxWidth: { sm: 160, md: 240 }, ...nameOnlyForScreenReadersBelowSm }}
        >
          {displayName}
        </Typography>
      </ButtonBase>
      {menuUsed && (
        // Without the menu's code nothing opens; pressing the button again fetches the code again.
        <LazyPartBoundary fallback={null} retryKey={anchor}>
          <AccountMenuItems
            id={menuId}
            anchor={anchor}
            items={user?.role === 'admin' ? adminItems : items}
            onClose={() => setAnchor(null)}
          />
        </LazyPartBoundary>
      )}
    </>
  );
}
