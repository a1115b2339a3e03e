import { memoriesApi, usersApi } from '@memories/web-api-client';
import { TextInput } from '@memories/web-ui';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import { useEffect, useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { countOf } from '../../settings-page/utils/count-of';

export interface DeleteAccountDialogProps {
  userId: string;
  onCancel: () => void;
  /** The account is gone: the server's message. */
  onDeleted: (message: string) => void;
}

/**
 * Asks before the account goes, naming what goes with it, offering "Your data" (the export) first, and asking for
 * the password again so a session left open cannot delete the account.
 */
export function DeleteAccountDialog({ userId, onCancel, onDeleted }: DeleteAccountDialogProps) {
  const [memories, setMemories] = useState<number | null>(null);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    memoriesApi.listMine({ page: 0, size: 1 }, { signal: controller.signal }).then(
      (list) => setMemories(list.pagination.totalElements),
      () => undefined,
    );
    return () => controller.abort();
  }, []);

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) {
      setError('Enter your password to confirm.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      onDeleted((await usersApi.deleteAccount(userId, password)) ?? '');
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onClose={busy ? undefined : onCancel}
      fullWidth
      maxWidth="sm"
      aria-labelledby="delete-account-title"
      data-testid="delete-account-dialog"
    >
      <DialogTitle id="delete-account-title">Delete your account?</DialogTitle>
      <form noValidate onSubmit={(event) => void confirm(event)}>
        <DialogContent>
          <DialogContentText component="div">
            This deletes, for good and at once:
            <ul>
              <li data-testid="delete-account-memories">
                Your {countOf(memories, 'memory', 'memories')}, with their pictures, drafts included
              </li>
              <li>Your profile picture, your name and your phone number</li>
              <li>Everything you shared: the people you shared with lose it too</li>
              <li>What others shared with you (they keep their own memories)</li>
              <li>Every device you are signed in on</li>
            </ul>
            Nothing can be brought back afterwards.{' '}
            <Link component={RouterLink} to="/settings/data" onClick={onCancel}>
              Download your data first
            </Link>{' '}
            if you want to keep a copy.
          </DialogContentText>
          <TextInput
            label="Your password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => {
              setPassword(event.target.value);
              setError(null);
            }}
            sx={{ mt: 2 }}
          />
          {error && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {error}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel} disabled={busy} autoFocus>
            Keep my account
          </Button>
          <Button type="submit" color="error" variant="contained" disabled={busy}>
            {busy ? 'Deleting...' : 'Delete my account'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
