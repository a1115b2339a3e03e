import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';

export interface UnderConstructionDialogProps {
  open: boolean;
  onClose: () => void;
  /** What is not built yet, e.g. the contact feature's sentence from the spec. */
  message: string;
}

/** The spec's placeholder notice for features that only announce themselves (Contact, Forgot password, ...). */
export function UnderConstructionDialog({ open, onClose, message }: UnderConstructionDialogProps) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Under Construction</DialogTitle>
      <DialogContent>
        <DialogContentText>{message}</DialogContentText>
        <DialogContentText sx={{ mt: 2, fontWeight: 600 }}>Expected completion: Coming Soon</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose} autoFocus>
          Got it
        </Button>
      </DialogActions>
    </Dialog>
  );
}
