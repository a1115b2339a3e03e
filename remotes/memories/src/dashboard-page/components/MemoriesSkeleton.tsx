import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import type { ViewMode } from '../../components/ViewModeToggle';
import { memoryGridSx } from './memory-grid.sx';

/** Placeholders in the shape of the coming list, so the page does not jump when it arrives. */
export function MemoriesSkeleton({ view }: { view: ViewMode }) {
  const items = Array.from({ length: view === 'grid' ? 6 : 5 }, (_, index) => index);
  return (
    <Box aria-busy="true" aria-label="Loading memories" role="status" data-testid="memories-loading">
      {view === 'grid' ? (
        <Box sx={memoryGridSx}>
          {items.map((item) => (
            <Box key={item}>
              <Skeleton variant="rounded" sx={{ aspectRatio: '16 / 10', height: 'auto' }} />
              <Skeleton width="70%" />
              <Skeleton width="30%" />
            </Box>
          ))}
        </Box>
      ) : (
        items.map((item) => <Skeleton key={item} variant="rounded" height={56} sx={{ mb: 1 }} />)
      )}
    </Box>
  );
}
