import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { createAppTheme } from './create-app-theme';
import { DARK_MODE_STORAGE_KEY, darkModeStorageManager } from './dark-mode-storage';

const theme = createAppTheme();

/**
 * Theme, baseline styles and the dark-mode class on the document root. Rendered once by the shell and by each remote's
 * standalone harness; a remote page rendered inside the shell uses the shell's provider.
 */
export function AppThemeProvider({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider
      theme={theme}
      defaultMode="light"
      modeStorageKey={DARK_MODE_STORAGE_KEY}
      storageManager={darkModeStorageManager}
      disableTransitionOnChange
      noSsr
    >
      <CssBaseline enableColorScheme />
      {children}
    </ThemeProvider>
  );
}
