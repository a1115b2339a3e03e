import MenuIcon from '@mui/icons-material/Menu';
import CloseIcon from '@mui/icons-material/Close';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import { useEffect, useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link as RouterLink, Outlet, useLocation } from 'react-router';

/** The id of every page's main region: the skip link's target and where focus goes after a navigation. */
export const MAIN_CONTENT_ID = 'main-content';

export interface AppFrameProps {
  /** Where the brand link goes. */
  home: string;
  /** The main navigation's links, shown in the top bar from `navigationFrom` up. */
  navigation: ReactNode;
  /** The smallest breakpoint at which the top bar has room for `navigation`. */
  navigationFrom: 'sm' | 'md';
  /** Buttons at the end of the top bar (theme toggle, account actions). */
  actions: ReactNode;
  /** Below `navigationFrom`: a collapsible menu opened from the top bar; it receives a function that closes it. */
  menu?: (close: () => void) => ReactNode;
  /** Below `navigationFrom`: a bar fixed at the bottom of the screen (the signed-in tab bar). */
  bottomBar?: ReactNode;
  /** Above every page, inside the main region: what holds for the whole app now (the Offline banner). */
  notice?: ReactNode;
}

/**
 * Landmarks shared by both layouts: a skip link, a banner with the main navigation (a collapsible menu or a bottom
 * bar on small screens), and the main region.
 */
export function AppFrame({ home, navigation, navigationFrom, actions, menu, bottomBar, notice }: AppFrameProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const { pathname } = useLocation();
  const onlyBelow = { [navigationFrom]: 'none' } as const;

  // A menu left open would cover the next page.
  useEffect(() => setMenuOpen(false), [pathname]);

  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    setMenuOpen(false);
    document.querySelector<HTMLElement>(`[aria-controls="${menuId}"]`)?.focus();
  };

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <Link
        href={`#${MAIN_CONTENT_ID}`}
        sx={{
          position: 'absolute',
          left: 8,
          top: -48,
          zIndex: 2000,
          p: 1,
          bgcolor: 'background.paper',
          '&:focus': { top: 8 },
        }}
      >
        Skip to content
      </Link>
      <AppBar position="sticky" color="default" elevation={1} component="header">
        <Toolbar sx={{ gap: 1, px: { xs: 1, sm: 2 } }}>
          {menu && (
            <IconButton
              color="inherit"
              aria-label="Menu"
              aria-expanded={menuOpen}
              aria-controls={menuId}
              onClick={() => setMenuOpen((open) => !open)}
              sx={{ display: { xs: 'inline-flex', ...onlyBelow } }}
            >
              {menuOpen ? <CloseIcon /> : <MenuIcon />}
            </IconButton>
          )}
          <Link
            component={RouterLink}
            to={home}
            variant="h6"
            underline="none"
            color="primary"
            sx={{ fontWeight: 800, mr: { xs: 'auto', [navigationFrom]: 2 } }}
          >
            Memories
          </Link>
          <Box
            component="nav"
            aria-label="Main"
            sx={{ display: { xs: 'none', [navigationFrom]: 'flex' }, gap: 0.5, flexGrow: 1 }}
          >
            {navigation}
          </Box>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: { xs: 0.5, sm: 1 }, minWidth: 0 }}>{actions}</Box>
        </Toolbar>
        {menu && menuOpen && (
          <Box
            component="nav"
            id={menuId}
            aria-label="Main"
            onKeyDown={closeOnEscape}
            sx={{
              display: { xs: 'flex', ...onlyBelow },
              flexDirection: 'column',
              alignItems: 'stretch',
              gap: 0.5,
              px: 2,
              pb: 2,
            }}
          >
            {menu(() => setMenuOpen(false))}
          </Box>
        )}
      </AppBar>
      <Box
        component="main"
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        // Room for the fixed bottom bar, so it never covers the end of a page.
        sx={{ flexGrow: 1, outline: 'none', pb: bottomBar ? { xs: 9, [navigationFrom]: 0 } : 0 }}
      >
        {notice}
        <Outlet />
      </Box>
      {bottomBar && <Box sx={{ display: { xs: 'block', ...onlyBelow } }}>{bottomBar}</Box>}
    </Box>
  );
}
