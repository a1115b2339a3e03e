import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';

export interface LeaveDialogProps {
  open: boolean;
  onStay: () => void;
  onLeave: () => void;
}

/** Asked when the user moves elsewhere in the app with unsaved changes. */
export function LeaveDialog({ open, onStay, onLeave }: LeaveDialogProps) {
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog open={open} onClose={onStay} aria-labelledby={titleId} aria-describedby={textId}>
      <DialogTitle id={titleId}>Leave without saving?</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>
          This memory has changes that are not saved yet. They stay on this device and are offered back when you open it
          again.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onLeave}>Leave</Button>
        <Button variant="contained" onClick={onStay} autoFocus>
          Stay
        </Button>
      </DialogActions>
    </Dialog>
  );
}
