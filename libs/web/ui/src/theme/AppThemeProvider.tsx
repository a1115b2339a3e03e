import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { createAppTheme } from './create-app-theme';
import { DARK_MODE_STORAGE_KEY, darkModeStorageManager } from './dark-mode-storage';

const theme = createAppTheme();

/**
 * Theme, baseline styles and the `light` / `dark` class on the document root. Until the user picks a theme the
 * system preference applies (dark-mode-storage.ts: how the spec's `darkMode` and `theme` settings relate).
 * Rendered once by the shell and by each remote's standalone harness; a remote page inside the shell uses the shell's.
 */
export function AppThemeProvider({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider
      theme={theme}
      defaultMode="system"
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
