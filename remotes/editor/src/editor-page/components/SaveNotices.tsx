import type { Memory } from '@memories/contracts';
import { ErrorNotice, SuccessNotice } from '@memories/web-ui';
import Box from '@mui/material/Box';

import type { SaveNotice } from '../saving/memory-save-session.types';

/** A draft save is only confirmed in passing: the notice goes by itself, as the dashboard's snackbar does. */
export const DRAFT_NOTICE_AUTO_HIDE_MS = 4000;

export interface SaveNoticesProps {
  notice: SaveNotice | null;
  onClose: () => void;
  onViewMemory: (memory: Memory) => void;
}

/**
 * After Publish the spec's modal with "View Memory"; after Save Draft a notice that neither takes focus nor covers the
 * editor, so writing goes on; a failure in the error modal.
 */
export function SaveNotices({ notice, onClose, onViewMemory }: SaveNoticesProps) {
  const published = notice?.severity === 'success' ? notice.published : null;
  return (
    <>
      <SuccessNotice
        modal
        open={published !== null}
        message={notice?.message}
        onClose={onClose}
        actionLabel="View Memory"
        onAction={published ? () => onViewMemory(published) : undefined}
      />
      {notice?.severity === 'success' && published === null && (
        // Above the shell's bottom tab bar, which phones (below sm) have.
        <Box
          sx={{
            position: 'fixed',
            zIndex: 'snackbar',
            bottom: { xs: 80, sm: 24 },
            left: 16,
            right: { xs: 16, sm: 'auto' },
            maxWidth: { sm: 420 },
          }}
        >
          <SuccessNotice message={notice.message} autoHideMs={DRAFT_NOTICE_AUTO_HIDE_MS} onClose={onClose} />
        </Box>
      )}
      <ErrorNotice modal open={notice?.severity === 'error'} message={notice?.message} onClose={onClose} />
    </>
  );
}
