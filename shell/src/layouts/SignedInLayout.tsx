import { useSession } from '@memories/web-session';
import { DarkModeToggle } from '@memories/web-ui';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { NavLink, useNavigate } from 'react-router';
import { AppFrame } from './AppFrame';

const links = [
  { label: 'Dashboard', to: '/dashboard' },
  { label: 'Profile', to: '/profile' },
  { label: 'Create Memory', to: '/memory/create' },
];

/** Top bar of the signed-in pages: main links, the user's name, theme toggle and Logout. */
export function SignedInLayout() {
  const { user, logout } = useSession();
  const navigate = useNavigate();
  const displayName = user?.name || user?.email || 'User';

  const onLogout = async () => {
    await logout();
    await navigate('/login');
  };

  return (
    <AppFrame
      home="/dashboard"
      navigation={links.map(({ label, to }) => (
        <Button key={to} component={NavLink} to={to} color="inherit" sx={{ '&.active': { color: 'primary.main' } }}>
          {label}
        </Button>
      ))}
      actions={
        <>
          <Typography component="span" sx={{ fontWeight: 600 }}>
            {displayName}
          </Typography>
          <DarkModeToggle />
          <Button variant="outlined" onClick={() => void onLogout()}>
            Logout
          </Button>
        </>
      }
    />
  );
}
