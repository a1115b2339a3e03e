import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';

import type { ConfirmDialogProps } from './confirm-dialog-props';

/**
 * The modal that asks before an action: an alertdialog (a screen reader reads its title and question at once), Cancel
 * focused first so Enter or a stray tap never destroys anything, Escape cancels. Loaded on first use.
 */
export function ConfirmDialogModal({ title, message, confirmLabel, destructive = false, busy = false, onCancel, onConfirm }: ConfirmDialogProps) {
  const titleId = useId();
  const messageId = useId();
  return (
    <Dialog open onClose={busy ? undefined : onCancel} role="alertdialog" aria-labelledby={titleId} aria-describedby={messageId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={messageId}>{message}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy} autoFocus>
          Cancel
        </Button>
        <Button color={destructive ? 'error' : 'primary'} variant="contained" disabled={busy} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
