import { createTheme, type Theme } from '@mui/material/styles';

/**
 * The one theme of the app, light and dark. Colours are CSS variables switched by a `light` / `dark` class on the
 * document root, so every federated remote follows the shell's dark-mode toggle without sharing React state.
 */
export function createAppTheme(): Theme {
  return createTheme({
    cssVariables: { colorSchemeSelector: 'class' },
    colorSchemes: {
      light: {
        palette: {
          primary: { main: '#4f46e5' },
          secondary: { main: '#db2777' },
          // MUI's orange (#ed6c02) carries white text at 3.1:1 (Draft chips); this amber reaches 5:1 (WCAG AA).
          warning: { main: '#b45309' },
          background: { default: '#f8fafc', paper: '#ffffff' },
        },
      },
      dark: {
        palette: {
          primary: { main: '#a5b4fc' },
          secondary: { main: '#f9a8d4' },
          background: { default: '#0f172a', paper: '#1e293b' },
          // MUI's red (#f44336) reaches 4:1 as text on paper and carries white at 3.7:1 (Delete account); this one
          // is 5.3:1 as text, and MUI gives it dark text when filled (7:1).
          error: { main: '#f87171' },
          // MUI's 16 % white for selected items left primary text on them at 4.4:1 on paper (pressed toolbar
          // buttons); 12 % keeps the state visible and the text at 5:1.
          action: { selected: 'rgba(255, 255, 255, 0.12)', selectedOpacity: 0.12 },
        },
      },
    },
    shape: { borderRadius: 10 },
    typography: {
      fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
      button: { textTransform: 'none', fontWeight: 600 },
    },
    components: {
      MuiCssBaseline: {
        styleOverrides: {
          // Keyboard users always see where they are, on MUI and on plain elements alike.
          ':focus-visible': { outline: '3px solid var(--mui-palette-primary-main)', outlineOffset: 2 },
          html: { scrollBehavior: 'smooth' },
        },
      },
    },
  });
}
