import { RECOVERY_CODE_COUNT, type TwoFactorSetup, type TwoFactorStatus } from '@memories/contracts';
import { accountSecurityApi, type AccountSecurityApi } from '@memories/web-api-client';
import { LoadingIndicator, TextInput, unavailableButton } from '@memories/web-ui';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { CardNotice, useCardNotice } from '../../settings-page/components/CardNotice';
import { SettingsCard } from '../../settings-page/components/SettingsSection';
import { ConfirmWithPasswordDialog } from './ConfirmWithPasswordDialog';
import { RecoveryCodesDialog } from './RecoveryCodesDialog';

const CODE_MISSING = 'Enter the 6-digit code your app shows.';

type Confirming = 'set-up' | 'disable' | 'new-codes';

/** What each step that asks for the password says (the server asks again for each of them). */
const CONFIRMATIONS: Record<Confirming, { title: string; text: string; confirmLabel: string }> = {
  'set-up': {
    title: 'Set up two-factor sign-in',
    text: 'Enter your password first: the code of the app you set up will sign you in with it.',
    confirmLabel: 'Continue',
  },
  disable: {
    title: 'Turn off two-factor sign-in?',
    text: 'Your password alone will sign you in again. Your recovery codes stop working.',
    confirmLabel: 'Turn off',
  },
  'new-codes': {
    title: 'Replace your recovery codes?',
    text: 'You get new codes; the ones you have now stop working.',
    confirmLabel: 'Replace codes',
  },
};

export interface TwoFactorCardProps {
  api?: Pick<
    AccountSecurityApi,
    'twoFactorStatus' | 'setUpTwoFactor' | 'enableTwoFactor' | 'disableTwoFactor' | 'replaceRecoveryCodes'
  >;
}

/**
 * Two-factor sign-in: set up with a QR code and a first code, recovery codes shown once, off again with the password.
 */
export function TwoFactorCard({ api = accountSecurityApi }: TwoFactorCardProps) {
  const [status, setStatus] = useState<TwoFactorStatus | null>(null);
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const [confirmError, setConfirmError] = useState<string>();
  const { notice, succeeded, failed, clear } = useCardNotice();

  const load = useCallback(() => api.twoFactorStatus().then(setStatus, failed), [api, failed]);
  useEffect(() => void load(), [load]);

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    clear();
    try {
      await action();
    } catch (error) {
      failed(error);
    } finally {
      setBusy(false);
    }
  };

  const enable = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) {
      setCodeError(CODE_MISSING);
      return;
    }
    void run(async () => {
      try {
        const { data, message } = await api.enableTwoFactor(code.trim());
        setSetup(null);
        setCode('');
        setRecoveryCodes(data.recoveryCodes);
        if (message) succeeded(message);
        await load();
      } catch (error) {
        // A wrong code belongs under the field, where the person is looking.
        setCodeError(error instanceof Error ? error.message : String(error));
      }
    });
  };

  const confirm = async (password?: string) => {
    setBusy(true);
    setConfirmError(undefined);
    try {
      if (confirming === 'set-up') {
        setSetup(await api.setUpTwoFactor(password ?? ''));
      } else if (confirming === 'disable') {
        const { data, message } = await api.disableTwoFactor(password ?? '');
        setStatus(data);
        if (message) succeeded(message);
      } else {
        const { data, message } = await api.replaceRecoveryCodes(password ?? '');
        setRecoveryCodes(data.recoveryCodes);
        if (message) succeeded(message);
        await load();
      }
      setConfirming(null);
    } catch (error) {
      setConfirmError(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <SettingsCard title="Two-factor sign-in">
      <Stack spacing={2}>
        {status === null && !notice && <LoadingIndicator label="Loading two-factor sign-in..." />}
        {status && !status.enabled && !setup && (
          <>
            <Typography>
              Off. Turn it on to ask for a 6-digit code from an authenticator app on your phone (such as Google
              Authenticator, Aegis or 1Password) each time you log in with your password.
            </Typography>
            <div>
              <Button variant="contained" {...unavailableButton(busy, () => setConfirming('set-up'))}>
                Set up two-factor sign-in
              </Button>
            </div>
          </>
        )}
        {setup && (
          <Stack component="form" noValidate spacing={2} onSubmit={enable} aria-busy={busy}>
            <Typography>1. Scan this QR code with your authenticator app.</Typography>
            <Box
              component="img"
              src={setup.qrCodeDataUrl}
              alt="QR code to add Memories to your authenticator app"
              data-testid="totp-qr-code"
              sx={{ width: 200, height: 200, bgcolor: '#fff', borderRadius: 1, p: 1 }}
            />
            <Typography>
              Cannot scan it? Enter this key in the app instead:{' '}
              <Box component="code" data-testid="totp-secret" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
                {setup.secret}
              </Box>
            </Typography>
            <Typography>2. Enter the code the app shows.</Typography>
            <TextInput
              label="Code from the app"
              name="code"
              required
              autoComplete="one-time-code"
              slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9 ]*' } }}
              value={code}
              error={codeError}
              onChange={(event) => {
                setCode(event.target.value);
                setCodeError(undefined);
              }}
            />
            <Stack direction="row" spacing={1}>
              <Button type="submit" variant="contained" disabled={busy}>
                {busy ? 'Checking...' : 'Turn on'}
              </Button>
              <Button onClick={() => setSetup(null)} disabled={busy}>
                Cancel
              </Button>
            </Stack>
          </Stack>
        )}
        {status?.enabled && (
          <>
            <Typography>
              On. Logging in with your password also asks for a code from your app. {status.recoveryCodesLeft} of{' '}
              {RECOVERY_CODE_COUNT} recovery codes left.
            </Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
              <Button variant="outlined" {...unavailableButton(busy, () => setConfirming('new-codes'))}>
                New recovery codes
              </Button>
              <Button variant="outlined" color="error" {...unavailableButton(busy, () => setConfirming('disable'))}>
                Turn off
              </Button>
            </Stack>
          </>
        )}
        <CardNotice notice={notice} onClose={clear} />
      </Stack>
      {confirming && (
        <ConfirmWithPasswordDialog
          askPassword
          {...CONFIRMATIONS[confirming]}
          busy={busy}
          error={confirmError}
          onConfirm={(password) => void confirm(password)}
          onCancel={() => {
            setConfirming(null);
            setConfirmError(undefined);
          }}
        />
      )}
      {recoveryCodes && <RecoveryCodesDialog codes={recoveryCodes} onClose={() => setRecoveryCodes(null)} />}
    </SettingsCard>
  );
}
