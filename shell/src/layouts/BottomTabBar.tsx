import AddBoxOutlined from '@mui/icons-material/AddBoxOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import BottomNavigation from '@mui/material/BottomNavigation';
import BottomNavigationAction from '@mui/material/BottomNavigationAction';
import Paper from '@mui/material/Paper';
import { useSession } from '@memories/web-session';
import { UserAvatar } from '@memories/web-ui';
import { Link as RouterLink, useLocation } from 'react-router';

type Tab = 'home' | 'timeline' | 'create' | 'profile';

/** Which tab a path belongs to: Home is also active on / (spec section 2). */
export function activeTab(pathname: string): Tab | false {
  if (pathname === '/' || pathname === '/dashboard') return 'home';
  if (pathname === '/timeline') return 'timeline';
  if (pathname === '/memory/create') return 'create';
  if (pathname === '/profile') return 'profile';
  return false;
}

/** The signed-in tab bar of small screens: Home, Timeline, Create, and Profile with the user's picture or initials. */
export function BottomTabBar() {
  const { pathname } = useLocation();
  const { user } = useSession();
  const active = activeTab(pathname);
  const current = (tab: Tab) => (active === tab ? ('page' as const) : undefined);

  return (
    <Paper
      component="nav"
      aria-label="Tabs"
      elevation={8}
      sx={{ position: 'fixed', left: 0, right: 0, bottom: 0, zIndex: 'appBar' }}
    >
      <BottomNavigation showLabels value={active}>
        <BottomNavigationAction
          component={RouterLink}
          to="/dashboard"
          value="home"
          label="Home"
          icon={<HomeOutlined />}
          aria-current={current('home')}
        />
        <BottomNavigationAction
          component={RouterLink}
          to="/timeline"
          value="timeline"
          label="Timeline"
          icon={<HistoryOutlined />}
          aria-current={current('timeline')}
        />
        <BottomNavigationAction
          component={RouterLink}
          to="/memory/create"
          value="create"
          label="Create"
          icon={<AddBoxOutlined />}
          aria-current={current('create')}
        />
        <BottomNavigationAction
          component={RouterLink}
          to="/profile"
          value="profile"
          label="Profile"
          icon={<UserAvatar name={user?.name} email={user?.email} imageUrl={user?.profileImageUrl} size={24} />}
          aria-current={current('profile')}
        />
      </BottomNavigation>
    </Paper>
  );
}
