import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import TextField from '@mui/material/TextField';
import type { Journal, JournalMember, JournalMemberRole } from '@memories/contracts';
import type { JournalsApi } from '@memories/web-api-client';
import { ErrorNotice, TextInput, unavailableButton } from '@memories/web-ui';
import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';

const ROLE_LABELS: Record<JournalMember['role'], string> = {
  owner: 'Owner',
  editor: 'Can write',
  viewer: 'Can read',
};

export interface JournalMembersDialogProps {
  api: Pick<JournalsApi, 'members' | 'addMember' | 'updateMember' | 'removeMember'>;
  journal: Journal;
  onClose: (changed: boolean) => void;
}

/**
 * Who shares a journal. The owner adds people by the e-mail of their verified account (editors write new memories
 * and edit their own; viewers read), changes roles and removes members; everyone sees who is in it.
 */
export function JournalMembersDialog({ api, journal, onClose }: JournalMembersDialogProps) {
  const titleId = useId();
  const owner = journal.role === 'owner';
  const [members, setMembers] = useState<JournalMember[] | null>(null);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<JournalMemberRole>('editor');
  const [busy, setBusy] = useState(false);
  const [changed, setChanged] = useState(false);
  const [error, setError] = useState<string>();

  const load = useCallback(
    () => api.members(journal.id).then(setMembers, (failure: unknown) => setError(String((failure as Error).message))),
    [api, journal.id],
  );
  useEffect(() => void load(), [load]);

  const run = async (work: () => Promise<unknown>) => {
    setBusy(true);
    setError(undefined);
    try {
      await work();
      setChanged(true);
      await load();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };
  const add = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      await api.addMember(journal.id, { email: email.trim(), role });
      setEmail('');
    });
  };

  return (
    <Dialog open onClose={() => onClose(changed)} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>Members of “{journal.name}”</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography color="text.secondary">
            Every member reads every memory in this journal and sees who wrote it. Removing someone takes their access
            away at once; the memories they wrote go back to their own default journal.
          </Typography>
          {error && <ErrorNotice message={error} onClose={() => setError(undefined)} />}
          <List aria-label="Members" disablePadding data-testid="journal-members">
            {(members ?? []).map((member) => (
              // On a phone the role and Remove go under the name, which keeps the row's width.
              <ListItem
                key={member.userId}
                divider
                disableGutters
                data-testid="journal-member"
                sx={{ flexWrap: 'wrap', columnGap: 2, rowGap: 1 }}
              >
                <ListItemText
                  primary={member.name || member.email}
                  secondary={member.email}
                  sx={{ flex: '1 1 12rem', minWidth: 0, overflowWrap: 'anywhere' }}
                />
                {owner && member.role !== 'owner' ? (
                  <Stack direction="row" spacing={1} alignItems="center">
                    <TextField
                      select
                      size="small"
                      label="Role"
                      value={member.role}
                      // Not disabled while a change is saved, which took focus off the field just used: a choice
                      // made meanwhile is not taken.
                      onChange={(event) =>
                        busy
                          ? undefined
                          : void run(() =>
                              api.updateMember(journal.id, member.userId, event.target.value as JournalMemberRole),
                            )
                      }
                    >
                      <MenuItem value="editor">{ROLE_LABELS.editor}</MenuItem>
                      <MenuItem value="viewer">{ROLE_LABELS.viewer}</MenuItem>
                    </TextField>
                    <Button
                      color="error"
                      aria-label={`Remove ${member.email}`}
                      {...unavailableButton(busy, () => void run(() => api.removeMember(journal.id, member.userId)))}
                    >
                      Remove
                    </Button>
                  </Stack>
                ) : (
                  <Typography variant="body2">{ROLE_LABELS[member.role]}</Typography>
                )}
              </ListItem>
            ))}
          </List>
          {owner && (
            <Stack component="form" onSubmit={add} spacing={2} aria-label="Add a member">
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <TextInput
                  required
                  type="email"
                  label="E-mail"
                  value={email}
                  onChange={(event) => setEmail(event.target.value)}
                  hint="The address of their verified account"
                />
                <TextField
                  select
                  fullWidth
                  label="Role"
                  value={role}
                  onChange={(event) => setRole(event.target.value as JournalMemberRole)}
                  sx={{ minWidth: 140 }}
                >
                  <MenuItem value="editor">{ROLE_LABELS.editor}</MenuItem>
                  <MenuItem value="viewer">{ROLE_LABELS.viewer}</MenuItem>
                </TextField>
              </Stack>
              <div>
                <Button type="submit" variant="contained" disabled={busy || !email.trim()}>
                  Add member
                </Button>
              </div>
            </Stack>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(changed)}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
