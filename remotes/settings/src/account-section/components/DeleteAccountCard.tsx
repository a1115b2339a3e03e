import { useSession } from '@memories/web-session';
import { LazyPartBoundary, lazyPart } from '@memories/web-ui';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { SettingsCard } from '../../settings-page/components/SettingsSection';

const DeleteAccountDialog = lazyPart(() =>
  import('./DeleteAccountDialog').then(({ DeleteAccountDialog }) => DeleteAccountDialog),
);

/**
 * Deleting the account. Once the server has deleted it (and cleared the session's cookies) the page says so; OK
 * ends the session in this tab, and the sign-in guard takes the browser to /login.
 */
export function DeleteAccountCard() {
  const { user, logout } = useSession();
  const [asking, setAsking] = useState(false);
  const [deleted, setDeleted] = useState<string | null>(null);

  return (
    <SettingsCard title="Delete account">
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Delete your account and everything in it: your memories, pictures and shares.
      </Typography>
      <Button color="error" variant="outlined" onClick={() => setAsking(true)}>
        Delete account...
      </Button>
      {asking && user && (
        <LazyPartBoundary>
          <DeleteAccountDialog
            userId={user.id}
            onCancel={() => setAsking(false)}
            onDeleted={(message) => {
              setAsking(false);
              setDeleted(message);
            }}
          />
        </LazyPartBoundary>
      )}
      <Dialog open={deleted !== null} aria-labelledby="account-deleted-title" aria-describedby="account-deleted-text">
        <DialogTitle id="account-deleted-title">Account deleted</DialogTitle>
        <DialogContent>
          <DialogContentText id="account-deleted-text">{deleted}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button variant="contained" autoFocus onClick={() => void logout()}>
            OK
          </Button>
        </DialogActions>
      </Dialog>
    </SettingsCard>
  );
}
