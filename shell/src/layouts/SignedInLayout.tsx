import { useSession } from '@memories/web-session';
import { DarkModeToggle } from '@memories/web-ui';
import Button from '@mui/material/Button';
import { NavLink, useNavigate } from 'react-router';
import { AccountMenu } from './AccountMenu';
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

/**
 * Top bar of the signed-in pages (spec section 2): main links, the avatar initial and the user's name (which open the
 * account menu), theme toggle and Logout; the bottom tab bar on small screens.
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
          <AccountMenu user={user} displayName={displayName} />
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
