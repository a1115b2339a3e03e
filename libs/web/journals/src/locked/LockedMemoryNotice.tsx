import LockIcon from '@mui/icons-material/Lock';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useJournals } from '../store/useJournals';
import type { OpenedMemory } from './useOpenedMemory';
import { UnlockJournalDialog } from './UnlockJournalDialog';

export interface LockedMemoryNoticeProps {
  /** The memory as `useOpenedMemory` has it, when it is not open. */
  opened: Exclude<OpenedMemory, { status: 'open' }>;
}

/** In place of a locked memory: why it cannot be shown, and the way to unlock its journal in this tab. */
export function LockedMemoryNotice({ opened }: LockedMemoryNoticeProps) {
  const { byId } = useJournals();
  const [unlocking, setUnlocking] = useState(false);
  if (opened.status === 'opening') {
    return <Typography role="status">Decrypting…</Typography>;
  }
  if (opened.status === 'broken') {
    return (
      <Typography role="alert" color="error">
        {opened.message}
      </Typography>
    );
  }
  const journal = byId(opened.journalId) ?? { id: opened.journalId, name: 'Locked journal' };
  return (
    <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }} data-testid="locked-memory">
      <LockIcon aria-hidden color="action" />
      <Typography component="h2" variant="h6" sx={{ mt: 1 }}>
        This memory is in the locked journal “{journal.name}”
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        It is encrypted on your device. Unlock the journal to read and write in it.
      </Typography>
      <Button
        variant="contained"
        sx={{ mt: 2 }}
        startIcon={<LockIcon />}
        onPointerEnter={UnlockJournalDialog.preload}
        onFocus={UnlockJournalDialog.preload}
        onClick={() => setUnlocking(true)}
      >
        Unlock
      </Button>
      {unlocking && (
        <UnlockJournalDialog
          journal={journal}
          onUnlocked={() => setUnlocking(false)}
          onCancel={() => setUnlocking(false)}
        />
      )}
    </Paper>
  );
}
