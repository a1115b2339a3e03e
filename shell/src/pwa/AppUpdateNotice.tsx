import Box from '@mui/material/Box';
import { LazyPartBoundary, lazyPart } from '@memories/web-ui';
import { useSyncExternalStore } from 'react';
import type { AppUpdates } from './app-updates';

// The notice's code (MUI's Alert with it) loads once a new version is ready: most pages never show it, every page
// loaded it.
const UpdateReadyNotice = lazyPart(() =>
  import('./UpdateReadyNotice').then(({ UpdateReadyNotice }) => UpdateReadyNotice),
);

/** The new version's notice, kept out of the way at the bottom until the user chooses to reload. */
export function AppUpdateNotice({ updates }: { updates: AppUpdates }) {
  const ready = useSyncExternalStore(updates.subscribe, updates.isUpdateReady);
  if (!ready) return null;
  return (
    <Box
      sx={{
        position: 'fixed',
        insetInline: 16,
        bottom: 16,
        zIndex: 'snackbar',
        display: 'flex',
        justifyContent: 'center',
        pointerEvents: 'none',
      }}
    >
      <Box sx={{ pointerEvents: 'auto', maxWidth: 480, width: '100%' }}>
        <LazyPartBoundary>
          <UpdateReadyNotice onReload={updates.reload} />
        </LazyPartBoundary>
      </Box>
    </Box>
  );
}
