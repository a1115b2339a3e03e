import {
  MAX_TOKEN_NAME_LENGTH,
  type CreatedPersonalAccessToken,
  type PersonalAccessToken,
  type TokenScope,
} from '@memories/contracts';
import { integrationsApi, type IntegrationsApi } from '@memories/web-api-client';
import { ConfirmDialog, LoadingIndicator, ShownOnceSecret, TextInput, unavailableButton } from '@memories/web-ui';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { CardNotice, useCardNotice } from '../../settings-page/components/CardNotice';
import { SettingsCard } from '../../settings-page/components/SettingsSection';
import { formatDateTime } from '../../settings-page/utils/format-date-time';

export interface AccessTokensCardProps {
  api?: Pick<IntegrationsApi, 'listTokens' | 'createToken' | 'revokeToken'>;
}

const EXPIRY_CHOICES = [
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: '365', label: 'One year' },
  { value: 'never', label: 'Never' },
] as const;

const SCOPE_LABELS: Record<TokenScope, string> = { read: 'Read only', write: 'Read and write' };

function describe(token: PersonalAccessToken): string {
  const used = token.lastUsedAt ? `last used ${formatDateTime(token.lastUsedAt)}` : 'never used';
  const expires = token.expiresAt ? `expires ${formatDateTime(token.expiresAt)}` : 'never expires';
  return `${SCOPE_LABELS[token.scope]} · created ${formatDateTime(token.createdAt)} · ${used} · ${expires}`;
}

/** Personal access tokens for scripts: create one (name, scope, expiry), copy it once, see its last use, revoke it. */
export function AccessTokensCard({ api = integrationsApi }: AccessTokensCardProps) {
  const [tokens, setTokens] = useState<PersonalAccessToken[] | null>(null);
  const [name, setName] = useState('');
  const [scope, setScope] = useState<TokenScope>('read');
  const [expiry, setExpiry] = useState<(typeof EXPIRY_CHOICES)[number]['value']>('90');
  const [created, setCreated] = useState<CreatedPersonalAccessToken | null>(null);
  const [revoking, setRevoking] = useState<PersonalAccessToken | null>(null);
  const [busy, setBusy] = useState(false);
  const { notice, succeeded, failed, clear } = useCardNotice();

  const load = useCallback(() => api.listTokens().then(setTokens, failed), [api, failed]);
  useEffect(() => void load(), [load]);

  const create = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    clear();
    try {
      const { data } = await api.createToken({
        name: name.trim(),
        scope,
        ...(expiry === 'never' ? {} : { expiresInDays: Number(expiry) }),
      });
      setCreated(data);
      setName('');
      await load();
    } catch (error) {
      failed(error);
    } finally {
      setBusy(false);
    }
  };

  const revoke = async (token: PersonalAccessToken) => {
    setBusy(true);
    clear();
    try {
      const { message } = await api.revokeToken(token.id);
      if (message) succeeded(message);
      setRevoking(null);
      await load();
    } catch (error) {
      failed(error);
      setRevoking(null);
    } finally {
      setBusy(false);
    }
  };

  return (
    <SettingsCard title="Personal access tokens">
      <Stack spacing={2}>
        <Typography color="text.secondary">
          Scripts and other apps use a token instead of your password: send it as{' '}
          <code>Authorization: Bearer mem_pat_…</code>. A token can read (and, with write access, change) your memories,
          search and export them, but never manage tokens, webhooks or your account.
        </Typography>
        {created && (
          <ShownOnceSecret
            title={`Your new token “${created.name}”`}
            label="Token"
            secret={created.token}
            onDone={() => setCreated(null)}
          />
        )}
        {tokens === null && !notice && <LoadingIndicator label="Loading your tokens..." />}
        {tokens && tokens.length === 0 && <Typography>You have no tokens yet.</Typography>}
        {tokens && tokens.length > 0 && (
          <List aria-label="Personal access tokens" disablePadding data-testid="token-list">
            {tokens.map((token) => (
              <ListItem
                key={token.id}
                divider
                disableGutters
                data-testid="token"
                secondaryAction={
                  <Button
                    color="error"
                    {...unavailableButton(busy, () => setRevoking(token))}
                    aria-label={`Revoke ${token.name}`}
                  >
                    Revoke
                  </Button>
                }
              >
                <ListItemText primary={token.name} secondary={describe(token)} sx={{ pr: 10 }} />
              </ListItem>
            ))}
          </List>
        )}
        <Stack component="form" onSubmit={(event) => void create(event)} spacing={2} aria-label="New token">
          <TextInput
            label="Token name"
            value={name}
            required
            onChange={(event) => setName(event.target.value)}
            slotProps={{ htmlInput: { maxLength: MAX_TOKEN_NAME_LENGTH } }}
            hint="What it is for, e.g. “Nightly backup”"
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              select
              fullWidth
              label="Access"
              value={scope}
              onChange={(event) => setScope(event.target.value as TokenScope)}
            >
              <MenuItem value="read">{SCOPE_LABELS.read}</MenuItem>
              <MenuItem value="write">{SCOPE_LABELS.write}</MenuItem>
            </TextField>
            <TextField
              select
              fullWidth
              label="Expires"
              value={expiry}
              onChange={(event) => setExpiry(event.target.value as typeof expiry)}
            >
              {EXPIRY_CHOICES.map((choice) => (
                <MenuItem key={choice.value} value={choice.value}>
                  {choice.label}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
          <div>
            <Button type="submit" variant="contained" disabled={busy || name.trim() === ''}>
              Create token
            </Button>
          </div>
        </Stack>
        <CardNotice notice={notice} onClose={clear} />
      </Stack>
      {revoking && (
        <ConfirmDialog
          title="Revoke this token?"
          message={`Scripts using “${revoking.name}” stop working at once. This cannot be undone.`}
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
