import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { DarkModeToggle } from '@memories/web-ui';
import { NavLink, Outlet } from 'react-router';

export interface HarnessLink {
  label: string;
  to: string;
}

export interface RemoteHarnessFrameProps {
  remote: string;
  links: HarnessLink[];
}

/** A bare top bar for a remote running alone: which remote this is, links to its pages, the theme toggle. */
export function RemoteHarnessFrame({ remote, links }: RemoteHarnessFrameProps) {
  return (
    <>
      <AppBar position="static" color="default" elevation={1} component="header">
        <Toolbar sx={{ gap: 1 }}>
          <Typography variant="subtitle1" component="p" sx={{ fontWeight: 700, mr: 2 }}>
            {remote} remote · standalone
          </Typography>
          <Box component="nav" aria-label="Harness" sx={{ display: 'flex', gap: 0.5, flexGrow: 1 }}>
            {links.map(({ label, to }) => (
              <Button key={to} component={NavLink} to={to} color="inherit">
                {label}
              </Button>
            ))}
          </Box>
          <DarkModeToggle />
        </Toolbar>
      </AppBar>
      <Box component="main">
        <Outlet />
      </Box>
    </>
  );
}
