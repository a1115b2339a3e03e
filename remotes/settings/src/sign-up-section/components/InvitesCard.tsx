import { DEFAULT_INVITE_DAYS, MAX_INVITE_DAYS, type CreatedInvite, type InviteSummary } from '@memories/contracts';
import type { AdminApi } from '@memories/web-api-client';
import { ConfirmDialog, LoadingIndicator, ShownOnceSecret, TextInput, unavailableButton } from '@memories/web-ui';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { CardNotice, useCardNotice } from '../../settings-page/components/CardNotice';
import { SettingsCard } from '../../settings-page/components/SettingsSection';
import { formatDateTime } from '../../settings-page/utils/format-date-time';

const DAYS_INVALID = `An invite lasts a whole number of days, from 1 to ${MAX_INVITE_DAYS}.`;

export interface InvitesCardProps {
  api: Pick<AdminApi, 'invites' | 'createInvite' | 'revokeInvite'>;
}

/** "Invites": single-use links that let someone sign up in every mode, optionally for one address; pending ones. */
export function InvitesCard({ api }: InvitesCardProps) {
  const [invites, setInvites] = useState<InviteSummary[] | null>(null);
  const [email, setEmail] = useState('');
  const [days, setDays] = useState(String(DEFAULT_INVITE_DAYS));
  const [daysError, setDaysError] = useState<string>();
  const [created, setCreated] = useState<CreatedInvite | null>(null);
  const [revoking, setRevoking] = useState<InviteSummary | null>(null);
  const [busy, setBusy] = useState(false);
  const { notice, succeeded, failed, clear } = useCardNotice();

  const load = useCallback(() => api.invites().then(setInvites, failed), [api, failed]);
  useEffect(() => void load(), [load]);

  const create = async (event: FormEvent) => {
    event.preventDefault();
    const expiresInDays = Number(days);
    if (!Number.isInteger(expiresInDays) || expiresInDays < 1 || expiresInDays > MAX_INVITE_DAYS) {
      setDaysError(DAYS_INVALID);
      return;
    }
    setDaysError(undefined);
    setBusy(true);
    clear();
    setCreated(null);
    try {
      const { data } = await api.createInvite({ expiresInDays, ...(email.trim() ? { email: email.trim() } : {}) });
      setCreated(data);
      setEmail('');
      await load();
    } catch (error) {
      failed(error);
    } finally {
      setBusy(false);
    }
  };

  const revoke = async (invite: InviteSummary) => {
    setBusy(true);
    clear();
    try {
      const { message } = await api.revokeInvite(invite.id);
      if (message) succeeded(message);
      if (created?.id === invite.id) setCreated(null);
      await load();
    } catch (error) {
      failed(error);
    } finally {
      setBusy(false);
      setRevoking(null);
    }
  };

  return (
    <SettingsCard title="Invites">
      <Stack spacing={2}>
        <Typography color="text.secondary">
          An invite link lets one person create an account, whatever the sign-up mode. Name an address and only that
          address can use it.
        </Typography>
        <Stack component="form" spacing={1.5} onSubmit={(event) => void create(event)} aria-label="New invite">
          <TextInput
            label="E-mail address (optional)"
            type="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <TextInput
            label="Valid for (days)"
            inputMode="numeric"
            value={days}
            onChange={(event) => setDays(event.target.value)}
            error={daysError}
            fullWidth={false}
            sx={{ width: 170 }}
          />
          <div>
            <Button type="submit" variant="contained" disabled={busy}>
              Create invite
            </Button>
          </div>
        </Stack>
        {created && (
          <ShownOnceSecret
            title="Invite created: copy its link and send it"
            label="Invite link"
            secret={created.url}
            note={created.mailed && created.email ? `It was also e-mailed to ${created.email}.` : undefined}
            onDone={() => setCreated(null)}
          />
        )}
        <CardNotice notice={notice} onClose={clear} />
        <Typography variant="subtitle1" component="h4">
          Pending invites
        </Typography>
        {invites === null && <LoadingIndicator label="Loading the invites..." />}
        {invites?.length === 0 && <Typography color="text.secondary">No invite is waiting to be used.</Typography>}
        {invites && invites.length > 0 && (
          <List aria-label="Pending invites" disablePadding data-testid="pending-invites">
            {invites.map((invite) => (
              <ListItem
                key={invite.id}
                divider
                disableGutters
                secondaryAction={
                  <Button
                    color="error"
                    {...unavailableButton(busy, () => setRevoking(invite))}
                    aria-label={`Revoke the invite ${invite.email ? `for ${invite.email}` : `made ${formatDateTime(invite.createdAt)}`}`}
                  >
                    Revoke
                  </Button>
                }
              >
                <ListItemText
                  primary={invite.email ?? 'Anyone with the link'}
                  secondary={`Expires ${formatDateTime(invite.expiresAt)}`}
                  sx={{ pr: 10, overflowWrap: 'anywhere' }}
                />
              </ListItem>
            ))}
          </List>
        )}
      </Stack>
      {revoking && (
        <ConfirmDialog
          title="Revoke this invite?"
          message={`The link ${revoking.email ? `for ${revoking.email} ` : ''}stops working at once.`}
          confirmLabel="Revoke"
          destructive
          busy={busy}
          onCancel={() => setRevoking(null)}
          onConfirm={() => void revoke(revoking)}
        />
      )}
    </SettingsCard>
  );
}
