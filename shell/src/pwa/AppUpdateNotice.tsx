import Box from '@mui/material/Box';
import { SuccessNotice } from '@memories/web-ui';
import { useSyncExternalStore } from 'react';
import type { AppUpdates } from './app-updates';

export const APP_UPDATE_TITLE = 'Update';
export const APP_UPDATE_MESSAGE = 'A new version is ready';

/** "A new version is ready — Reload", kept out of the way at the bottom until the user chooses to reload. */
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
        <SuccessNotice
          title={APP_UPDATE_TITLE}
          message={APP_UPDATE_MESSAGE}
          onAction={updates.reload}
          actionLabel="Reload"
        />
      </Box>
    </Box>
  );
}
