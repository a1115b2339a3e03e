import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { Memory } from '@memories/contracts';

export interface DeleteMemoryDialogProps {
  memory: Memory | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (memory: Memory) => void;
}

/** Asks before deleting (spec section 2). */
export function DeleteMemoryDialog({ memory, busy, onCancel, onConfirm }: DeleteMemoryDialogProps) {
  return (
    <Dialog open={memory !== null} onClose={onCancel} aria-labelledby="delete-memory-title">
      <DialogTitle id="delete-memory-title">Delete memory</DialogTitle>
      <DialogContent>
        <DialogContentText>Are you sure you want to delete &quot;{memory?.title}&quot;?</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} autoFocus>
          Cancel
        </Button>
        <Button color="error" variant="contained" disabled={busy} onClick={() => memory && onConfirm(memory)}>
          Delete
        </Button>
      </DialogActions>
    </Dialog>
  );
}
