import { useSession } from '@memories/web-session';
import { DarkModeToggle, UserAvatar } from '@memories/web-ui';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { NavLink, useNavigate } from 'react-router';
import { AppFrame } from './AppFrame';
import { BottomTabBar } from './BottomTabBar';
import { displayNameOf } from './display-name';

// The spec's three links, with the timeline (the landing page promises one) next to the dashboard, as in the tab bar.
const links = [
  { label: 'Dashboard', to: '/dashboard' },
  { label: 'Timeline', to: '/timeline' },
  { label: 'Profile', to: '/profile' },
  { label: 'Create Memory', to: '/memory/create' },
];

/** Below sm the name is read by screen readers only: a 360 px bar keeps the avatar, theme toggle and Logout. */
const nameOnlyForScreenReadersBelowSm = {
  display: 'block',
  '@media (max-width: 599.95px)': { position: 'absolute', width: '1px', height: '1px', margin: '-1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' },
} as const;

/**
 * Top bar of the signed-in pages (spec section 2): main links, the avatar initial and the user's name, theme toggle
 * and Logout; the bottom tab bar on small screens.
 */
export function SignedInLayout() {
  const { user, logout } = useSession();
  const navigate = useNavigate();
  const displayName = displayNameOf(user);

  const onLogout = async () => {
    // Clears the local session even when the server call fails.
    await logout();
    await navigate('/login');
  };

  return (
    <AppFrame
      home="/dashboard"
      navigationFrom="sm"
      navigation={links.map(({ label, to }) => (
        <Button key={to} component={NavLink} to={to} color="inherit" sx={{ '&.active': { color: 'primary.main' } }}>
          {label}
        </Button>
      ))}
      actions={
        <>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
            <UserAvatar name={user?.name} email={user?.email} maxInitials={1} />
            <Typography
              component="span"
              data-testid="user-display-name"
              noWrap
              sx={{ fontWeight: 600, maxWidth: { sm: 160, md: 240 }, ...nameOnlyForScreenReadersBelowSm }}
            >
              {displayName}
            </Typography>
          </Box>
          <DarkModeToggle />
          <Button variant="outlined" onClick={() => void onLogout()}>
            Logout
          </Button>
        </>
      }
      bottomBar={<BottomTabBar />}
    />
  );
}
