import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, type FormEvent } from 'react';

import type { ConfirmDialogProps } from './confirm-dialog-props';

/**
 * The modal that asks before an action: an alertdialog (a screen reader reads its title and question at once), Cancel
 * focused first so Enter or a stray tap never destroys anything (unless a field the action needs takes the focus),
 * Escape cancels. Loaded on first use.
 */
export function ConfirmDialogModal({
  title,
  message,
  confirmLabel,
  destructive = false,
  busy = false,
  children,
  error,
  onCancel,
  onConfirm,
}: ConfirmDialogProps) {
  const titleId = useId();
  const messageId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onConfirm();
  };
  return (
    <Dialog
      open
      onClose={busy ? undefined : onCancel}
      role="alertdialog"
      aria-labelledby={titleId}
      aria-describedby={messageId}
    >
      <form noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <DialogContentText id={messageId} sx={{ mb: children ? 2 : 0 }}>
            {message}
          </DialogContentText>
          {children}
          {error && (
            <DialogContentText color="error" role="alert" sx={{ mt: 1 }}>
              {error}
            </DialogContentText>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel} disabled={busy} autoFocus={!children}>
            Cancel
          </Button>
          <Button type="submit" color={destructive ? 'error' : 'primary'} variant="contained" disabled={busy}>
            {confirmLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
