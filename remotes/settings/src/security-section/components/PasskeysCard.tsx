import {
  ACCOUNT_SECURITY_MESSAGES,
  MAX_PASSKEY_NAME_LENGTH,
  passkeyElsewhereMessage,
  type PasskeySummary,
} from '@memories/contracts';
import { accountSecurityApi, passkeyErrorMessage, type AccountSecurityApi } from '@memories/web-api-client';
import { LoadingIndicator, TextInput } from '@memories/web-ui';
import KeyIcon from '@mui/icons-material/Key';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  browserSupportsWebAuthn,
  startRegistration,
  type PublicKeyCredentialCreationOptionsJSON,
} from '@simplewebauthn/browser';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { CardNotice, useCardNotice } from '../../settings-page/components/CardNotice';
import { RemovableListItem } from '../../settings-page/components/RemovableListItem';
import { SettingsCard } from '../../settings-page/components/SettingsSection';
import { formatDateTime } from '../../settings-page/utils/format-date-time';
import { ConfirmWithPasswordDialog } from './ConfirmWithPasswordDialog';

export interface PasskeysCardProps {
  api?: Pick<AccountSecurityApi, 'listPasskeys' | 'passkeyRegistrationOptions' | 'registerPasskey' | 'removePasskey'>;
}

/**
 * Passkeys: sign in with the device's screen lock instead of the password. Add several; removing the last asks for the
 * password.
 */
export function PasskeysCard({ api = accountSecurityApi }: PasskeysCardProps) {
  const [passkeys, setPasskeys] = useState<PasskeySummary[] | null>(null);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [removing, setRemoving] = useState<PasskeySummary | null>(null);
  const [removeError, setRemoveError] = useState<string>();
  const [adding, setAdding] = useState(false);
  const [addError, setAddError] = useState<string>();
  const { notice, succeeded, failed, clear } = useCardNotice();
  const supported = browserSupportsWebAuthn();

  const load = useCallback(() => api.listPasskeys().then(setPasskeys, failed), [api, failed]);
  useEffect(() => void load(), [load]);

  const askPassword = (event: FormEvent) => {
    event.preventDefault();
    clear();
    setAddError(undefined);
    setAdding(true);
  };

  const add = async (password = '') => {
    setBusy(true);
    let options: Awaited<ReturnType<typeof api.passkeyRegistrationOptions>>;
    try {
      options = await api.passkeyRegistrationOptions(password);
    } catch (error) {
      // A wrong password belongs under its field, in the dialog.
      setAddError(error instanceof Error ? error.message : String(error));
      setBusy(false);
      return;
    }
    setAdding(false);
    try {
      const { challengeId, options: creation, origin } = options;
      if (origin !== window.location.origin) throw new Error(passkeyElsewhereMessage(origin));
      const response = await startRegistration({ optionsJSON: creation as PublicKeyCredentialCreationOptionsJSON });
      const { message } = await api.registerPasskey({
        challengeId,
        response,
        ...(name.trim() ? { name: name.trim() } : {}),
      });
      setName('');
      if (message) succeeded(message);
      await load();
    } catch (error) {
      failed(new Error(passkeyErrorMessage(error)));
    } finally {
      setBusy(false);
    }
  };

  const remove = async (password?: string) => {
    if (!removing) return;
    setBusy(true);
    setRemoveError(undefined);
    try {
      const { message } = await api.removePasskey(removing.id, password);
      setRemoving(null);
      if (message) succeeded(message);
      await load();
    } catch (error) {
      setRemoveError(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  const last = passkeys?.length === 1;
  return (
    <SettingsCard title="Passkeys">
      <Stack spacing={2}>
        <Typography>
          Sign in with your fingerprint, face or device PIN instead of your password. A passkey replaces both the
          password and the code.
        </Typography>
        {passkeys === null && !notice && <LoadingIndicator label="Loading passkeys..." />}
        {passkeys?.length === 0 && <Typography color="text.secondary">You have no passkeys yet.</Typography>}
        {passkeys && passkeys.length > 0 && (
          <List aria-label="Your passkeys" disablePadding data-testid="passkey-list">
            {passkeys.map((passkey) => (
              <RemovableListItem
                key={passkey.id}
                icon={<KeyIcon color="action" sx={{ mr: 1.5 }} aria-hidden />}
                primary={passkey.name}
                secondary={`Added ${formatDateTime(passkey.createdAt)}${passkey.lastUsedAt ? ` · Last used ${formatDateTime(passkey.lastUsedAt)}` : ' · Not used yet'}`}
                actionLabel="Remove"
                actionName={`Remove ${passkey.name}`}
                disabled={busy}
                onRemove={() => setRemoving(passkey)}
              />
            ))}
          </List>
        )}
        {supported ? (
          <Stack
            component="form"
            noValidate
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1}
            onSubmit={askPassword}
            aria-busy={busy}
          >
            <TextInput
              label="Name of the new passkey"
              hint="For example the device it is on"
              name="passkeyName"
              value={name}
              slotProps={{ htmlInput: { maxLength: MAX_PASSKEY_NAME_LENGTH } }}
              onChange={(event) => setName(event.target.value)}
            />
            <div>
              <Button
                type="submit"
                variant="contained"
                startIcon={<KeyIcon />}
                disabled={busy}
                sx={{ whiteSpace: 'nowrap', mt: { sm: 1 } }}
              >
                {busy ? 'Waiting for your passkey...' : 'Add a passkey'}
              </Button>
            </div>
          </Stack>
        ) : (
          <Typography color="text.secondary">{ACCOUNT_SECURITY_MESSAGES.passkeysUnsupported}</Typography>
        )}
        <CardNotice notice={notice} onClose={clear} />
      </Stack>
      {adding && (
        <ConfirmWithPasswordDialog
          askPassword
          title="Add a passkey"
          text="Enter your password first: a passkey signs in to your account without it."
          confirmLabel="Continue"
          busy={busy}
          error={addError}
          onConfirm={(password) => void add(password)}
          onCancel={() => {
            setAdding(false);
            setAddError(undefined);
          }}
        />
      )}
      {removing && (
        <ConfirmWithPasswordDialog
          askPassword={last}
          title={`Remove the passkey "${removing.name}"?`}
          text={
            last
              ? 'It is your last passkey: enter your password to remove it. You can still log in with your password.'
              : 'You can no longer sign in with it.'
          }
          confirmLabel="Remove"
          busy={busy}
          error={removeError}
          onConfirm={(password) => void remove(password)}
          onCancel={() => {
            setRemoving(null);
            setRemoveError(undefined);
          }}
        />
      )}
    </SettingsCard>
  );
}
