import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import type { ReactNode } from 'react';
import { Link as RouterLink, Outlet } from 'react-router';

export interface AppFrameProps {
  /** Where the brand link goes. */
  home: string;
  /** The main navigation's links. */
  navigation: ReactNode;
  /** Buttons at the end of the top bar (theme toggle, account actions). */
  actions: ReactNode;
}

/** Landmarks shared by both layouts: a skip link, a banner with the main navigation, and the main region. */
export function AppFrame({ home, navigation, actions }: AppFrameProps) {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <Link
        href="#main-content"
        sx={{ position: 'absolute', left: 8, top: -48, zIndex: 2000, p: 1, bgcolor: 'background.paper', '&:focus': { top: 8 } }}
      >
        Skip to content
      </Link>
      <AppBar position="sticky" color="default" elevation={1} component="header">
        <Toolbar sx={{ gap: 1, flexWrap: 'wrap' }}>
          <Link component={RouterLink} to={home} variant="h6" underline="none" color="primary" sx={{ fontWeight: 800, mr: 2 }}>
            Memories
          </Link>
          <Box component="nav" aria-label="Main" sx={{ display: 'flex', gap: 0.5, flexGrow: 1, flexWrap: 'wrap' }}>
            {navigation}
          </Box>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>{actions}</Box>
        </Toolbar>
      </AppBar>
      <Box component="main" id="main-content" tabIndex={-1} sx={{ flexGrow: 1, outline: 'none' }}>
        <Outlet />
      </Box>
    </Box>
  );
}
