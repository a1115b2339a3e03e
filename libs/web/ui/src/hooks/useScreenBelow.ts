import type { Breakpoint, Theme } from '@mui/material/styles';
import useMediaQuery, { type UseMediaQueryOptions } from '@mui/material/useMediaQuery';

/**
 * Whether the screen is narrower than `breakpoint` of the app's theme. Reads the theme from context: `useTheme` of
 * @mui/material/styles would bundle MUI's whole default theme into the page (~14 KiB gzip, docs/performance.md).
 * Without a theme in context (a component rendered bare in a unit test) the screen counts as wide.
 */
export function useScreenBelow(breakpoint: Breakpoint, options?: UseMediaQueryOptions): boolean {
  return useMediaQuery((theme: Theme | null) => (theme ? theme.breakpoints.down(breakpoint) : 'not all'), options);
}
