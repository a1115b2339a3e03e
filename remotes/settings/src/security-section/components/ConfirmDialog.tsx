import { ACCOUNT_SECURITY_MESSAGES } from '@memories/contracts';
import { TextInput } from '@memories/web-ui';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useState, type FormEvent } from 'react';

export interface ConfirmDialogProps {
  title: string;
  text: string;
  confirmLabel: string;
  /** Ask for the account password and hand it to onConfirm. */
  askPassword?: boolean;
  busy: boolean;
  /** The last attempt's error (e.g. a wrong password), shown under the field. */
  error?: string;
  onConfirm: (password?: string) => void;
  onCancel: () => void;
}

/** Confirms a change that weakens the account (or cannot be undone), with the password where the server needs it. */
export function ConfirmDialog({ title, text, confirmLabel, askPassword = false, busy, error, onConfirm, onCancel }: ConfirmDialogProps) {
  const titleId = useId();
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (askPassword && !password) {
      setMissing(true);
      return;
    }
    onConfirm(askPassword ? password : undefined);
  };

  return (
    <Dialog open onClose={busy ? undefined : onCancel} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <form noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: askPassword ? 2 : 0 }}>{text}</DialogContentText>
          {askPassword && (
            <TextInput
              label="Password"
              type="password"
              autoComplete="current-password"
              required
              autoFocus
              value={password}
              error={missing ? ACCOUNT_SECURITY_MESSAGES.passwordConfirmationRequired : error}
              onChange={(event) => {
                setPassword(event.target.value);
                setMissing(false);
              }}
            />
          )}
          {!askPassword && error && <DialogContentText color="error">{error}</DialogContentText>}
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" color="error" disabled={busy}>
            {confirmLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
