import { useTheme } from '@emotion/react';
import { THEME_ID, type Breakpoint, type Theme } from '@mui/material/styles';
import { useCallback, useMemo, useSyncExternalStore } from 'react';

/**
 * The app's MUI theme, read from Emotion's context where MUI's ThemeProvider puts it (itself, or under MUI's own key
 * beside another library's theme), as MUI's own hooks read it. Not `useTheme` of @mui/material/styles, which would
 * bundle MUI's whole default theme into the page (~14 KiB gzip, docs/performance.md). Null without a theme in context
 * (a component rendered bare in a unit test).
 */
function useAppTheme(): Theme | null {
  const context = useTheme() as Partial<Theme> & Partial<Record<typeof THEME_ID, Theme>>;
  return context[THEME_ID] ?? (context.breakpoints ? (context as Theme) : null);
}

/**
 * Whether the screen is narrower than `breakpoint` of the app's theme, right from the first render and following the
 * window as it is resized. The browser's media query through React's external-store hook: the few lines of MUI's
 * `useMediaQuery` this app needs, without its shared chunk (0.9 KiB gzip) on every page that asks (docs/performance.md,
 * issue 39). Without a theme in context the screen counts as wide.
 */
export function useScreenBelow(breakpoint: Breakpoint): boolean {
  const theme = useAppTheme();
  const query = theme ? theme.breakpoints.down(breakpoint).replace(/^@media\s*/, '') : null;
  // One media query list per query, both subscribed to and read: not a new one at every render.
  const list = useMemo(() => (query === null ? null : window.matchMedia(query)), [query]);
  const subscribe = useCallback(
    (changed: () => void) => {
      if (!list) return () => undefined;
      list.addEventListener('change', changed);
      return () => list.removeEventListener('change', changed);
    },
    [list],
  );
  return useSyncExternalStore(
    subscribe,
    () => list?.matches ?? false,
    () => false,
  );
}
