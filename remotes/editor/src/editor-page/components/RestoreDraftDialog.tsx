import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { format } from 'date-fns';
import { useId } from 'react';

export interface RestoreDraftDialogProps {
  /** When the unsaved edits were last mirrored (epoch milliseconds), or null when there are none. */
  editedAt: number | null;
  onRestore: () => void;
  onDiscard: () => void;
}

/** Offers back edits that never reached the server (a crash, a closed tab, an expired session, a failed save). */
export function RestoreDraftDialog({ editedAt, onRestore, onDiscard }: RestoreDraftDialogProps) {
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog open={editedAt !== null} aria-labelledby={titleId} aria-describedby={textId} disableEscapeKeyDown>
      <DialogTitle id={titleId}>Restore unsaved changes?</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>
          This device kept changes to this memory that were not saved
          {editedAt !== null && ` (last edited ${format(editedAt, 'MMM d, yyyy')} at ${format(editedAt, 'HH:mm:ss')})`}.
          Restore them into the editor, or discard them and keep the saved version?
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button color="error" onClick={onDiscard}>
          Discard
        </Button>
        <Button variant="contained" onClick={onRestore} autoFocus>
          Restore
        </Button>
      </DialogActions>
    </Dialog>
  );
}
