import type { UserSummary } from '@memories/contracts';
import { memoriesApi, usersApi } from '@memories/web-api-client';
import { PersonSummary, useScreenBelow } from '@memories/web-ui';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type FormEvent } from 'react';

export interface ShareDialogProps {
  memoryId: string;
  title: string;
  /** The signed-in owner: they cannot share with themselves. */
  ownerId: string;
  onClose: () => void;
  /** After every change, so the page can show the memory as it now is. */
  onChanged: () => void;
}

const messages = {
  // The look-up does not say which (that would tell anyone which addresses have an unconfirmed account here).
  noAccount:
    'Nobody can receive shares at this address yet: no account uses it, or its owner has not confirmed it. Check it, or ask them to sign up and confirm their address first.',
  yourself: 'That is your own address: you already have this memory.',
  already: 'This memory is already shared with them.',
  emailRequired: 'Enter their e-mail address.',
};

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

type Found =
  | { status: 'idle' }
  | { status: 'searching' }
  | { status: 'found'; person: UserSummary }
  | { status: 'refused'; message: string };

/**
 * Share (owner only): add people by their exact e-mail address (looked up first, so the owner sees whose account it
 * is before sharing), see who it is shared with, and take a share back. Each change is saved at once.
 */
export function ShareDialog({ memoryId, title, ownerId, onClose, onChanged }: ShareDialogProps) {
  const fullScreen = useScreenBelow('sm');
  const [recipients, setRecipients] = useState<UserSummary[] | null>(null);
  const [email, setEmail] = useState('');
  const [found, setFound] = useState<Found>({ status: 'idle' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    memoriesApi.recipients(memoryId, { signal: controller.signal }).then(setRecipients, (failure: unknown) => {
      if (!controller.signal.aborted) setError(errorText(failure));
    });
    return () => controller.abort();
  }, [memoryId]);

  const lookUp = async (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    const address = email.trim();
    if (!address) {
      setFound({ status: 'refused', message: messages.emailRequired });
      return;
    }
    setFound({ status: 'searching' });
    try {
      const person = await usersApi.findByEmail(address);
      if (!person) setFound({ status: 'refused', message: messages.noAccount });
      else if (person.id === ownerId) setFound({ status: 'refused', message: messages.yourself });
      else if (recipients?.some((recipient) => recipient.id === person.id))
        setFound({ status: 'refused', message: messages.already });
      else setFound({ status: 'found', person });
    } catch (failure) {
      setFound({ status: 'refused', message: errorText(failure) });
    }
  };

  /** Saves one change; true when it was saved. */
  const change = async (
    run: () => Promise<string | undefined>,
    next: (list: UserSummary[]) => UserSummary[],
  ): Promise<boolean> => {
    setBusy(true);
    setError(null);
    try {
      setNotice((await run()) ?? null);
      setRecipients((list) => next(list ?? []));
      onChanged();
      return true;
    } catch (failure) {
      setError(errorText(failure));
      return false;
    } finally {
      setBusy(false);
    }
  };

  const share = async (person: UserSummary) => {
    if (
      !(await change(
        () => memoriesApi.share(memoryId, [person.id]),
        (list) => [...list, person],
      ))
    )
      return;
    setEmail('');
    setFound({ status: 'idle' });
  };

  const remove = (person: UserSummary) =>
    change(
      () => memoriesApi.unshare(memoryId, person.id),
      (list) => list.filter((recipient) => recipient.id !== person.id),
    );

  return (
    <Dialog
      open
      onClose={onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="sm"
      aria-labelledby="share-dialog-title"
      data-testid="share-dialog"
    >
      <DialogTitle id="share-dialog-title" sx={{ overflowWrap: 'anywhere' }}>
        Share “{title}”
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography color="text.secondary">
            Only the people you add here can read this memory and its pictures.
          </Typography>
          <Box
            component="form"
            noValidate
            onSubmit={(event) => void lookUp(event)}
            sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}
          >
            <TextField
              label="Their e-mail address"
              type="email"
              autoComplete="off"
              size="small"
              fullWidth
              value={email}
              onChange={(event) => {
                setEmail(event.target.value);
                setFound({ status: 'idle' });
              }}
              error={found.status === 'refused'}
              helperText={found.status === 'refused' ? found.message : 'The exact address they signed up with'}
            />
            <Button
              type="submit"
              variant="outlined"
              disabled={found.status === 'searching'}
              sx={{ flexShrink: 0, mt: '1px' }}
            >
              Find
            </Button>
          </Box>
          {found.status === 'found' && (
            <Paper
              variant="outlined"
              sx={{
                p: 1.5,
                display: 'flex',
                flexWrap: 'wrap',
                gap: 1,
                alignItems: 'center',
                justifyContent: 'space-between',
              }}
            >
              <PersonSummary person={found.person} />
              <Button variant="contained" disabled={busy} onClick={() => void share(found.person)}>
                Share with {found.person.name.split(' ')[0]}
              </Button>
            </Paper>
          )}
          {notice && <Alert severity="success">{notice}</Alert>}
          {error && <Alert severity="error">{error}</Alert>}
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
            Shared with
          </Typography>
          {recipients === null && !error && <Skeleton variant="rounded" height={56} />}
          {recipients?.length === 0 && (
            <Typography color="text.secondary">Nobody yet: only you can see this memory.</Typography>
          )}
          {recipients && recipients.length > 0 && (
            <List disablePadding aria-label="Shared with">
              {recipients.map((person) => (
                <ListItem
                  key={person.id}
                  disableGutters
                  divider
                  sx={{ gap: 1, flexWrap: 'wrap', justifyContent: 'space-between' }}
                >
                  <PersonSummary person={person} />
                  <Button
                    color="error"
                    disabled={busy}
                    onClick={() => void remove(person)}
                    aria-label={`Stop sharing with ${person.name}`}
                  >
                    Remove
                  </Button>
                </ListItem>
              ))}
            </List>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Done</Button>
      </DialogActions>
    </Dialog>
  );
}
