import GlobalStyles from '@mui/material/GlobalStyles';

/** Marks what a printed memory leaves out (the viewer's own controls). */
export const PRINT_HIDDEN = 'data-print-hidden';

/**
 * The printed page (the browser's print, so "Save as PDF" works): only the memory, its title, date, tags and
 * content, in the light colours paper has, images within the page. While the viewer is open it also hides the
 * shell's bars: the top bar (the banner), the navigation and the bottom tab bar, and the skip link.
 */
export function PrintStyles() {
  return (
    <GlobalStyles
      styles={{
        '@media print': {
          ':root, :root.dark': {
            colorScheme: 'light',
            '--mui-palette-text-primary': 'rgba(0, 0, 0, 0.87)',
            '--mui-palette-text-secondary': 'rgba(0, 0, 0, 0.6)',
            '--mui-palette-background-default': '#fff',
            '--mui-palette-background-paper': '#fff',
            '--mui-palette-divider': 'rgba(0, 0, 0, 0.12)',
          },
          'header.MuiAppBar-root, nav, .MuiBottomNavigation-root, a[href^="#"], [role="menu"], [data-print-hidden], [data-testid="remote-viewer"] button':
            {
              display: 'none !important',
            },
          'body, main': { background: '#fff !important', padding: '0 !important', margin: '0 !important' },
          '[data-testid="remote-viewer"]': { padding: '0 !important', maxWidth: 'none !important' },
          '[data-testid="remote-viewer"] article': {
            border: '0 !important',
            padding: '0 !important',
            boxShadow: 'none !important',
          },
          '[data-testid="remote-viewer"] img': {
            maxWidth: '100% !important',
            height: 'auto !important',
            breakInside: 'avoid',
          },
          '[data-testid="remote-viewer"] h1, [data-testid="remote-viewer"] h2, [data-testid="remote-viewer"] h3': {
            breakAfter: 'avoid',
          },
        },
      }}
    />
  );
}
