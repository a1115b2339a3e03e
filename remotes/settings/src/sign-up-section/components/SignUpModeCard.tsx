import type { SignupMode } from '@memories/contracts';
import type { AdminApi } from '@memories/web-api-client';
import { LoadingIndicator } from '@memories/web-ui';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { CardNotice, useCardNotice } from '../../settings-page/components/CardNotice';
import { SettingsCard } from '../../settings-page/components/SettingsSection';

const MODES: ReadonlyArray<{ mode: SignupMode; label: string; detail: string }> = [
  { mode: 'open', label: 'Open', detail: 'Anyone who can reach this instance may create an account.' },
  { mode: 'invite', label: 'By invite', detail: 'The sign-up page asks for an invite link.' },
  {
    mode: 'closed',
    label: 'Closed',
    detail: 'The sign-up page says sign-up is closed. Invite links still work.',
  },
];

export interface SignUpModeCardProps {
  api: Pick<AdminApi, 'settings' | 'updateSettings'>;
}

/** "Who may sign up": the sign-up mode, saved as soon as it is chosen. */
export function SignUpModeCard({ api }: SignUpModeCardProps) {
  const [mode, setMode] = useState<SignupMode | null>(null);
  const [busy, setBusy] = useState(false);
  const { notice, succeeded, failed, clear } = useCardNotice();
  useEffect(() => {
    api.settings().then(({ signupMode }) => setMode(signupMode), failed);
  }, [api, failed]);

  const choose = async (chosen: SignupMode) => {
    setBusy(true);
    clear();
    try {
      const { data, message } = await api.updateSettings(chosen);
      setMode(data.signupMode);
      if (message) succeeded(message);
    } catch (error) {
      failed(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <SettingsCard title="Who may sign up">
      <Stack spacing={1.5}>
        {mode === null && !notice && <LoadingIndicator label="Loading the sign-up mode..." />}
        {mode !== null && (
          <RadioGroup
            aria-label="Sign-up mode"
            aria-busy={busy}
            value={mode}
            // Not disabled while a choice is saved: that took focus off the option just chosen with the arrow keys.
            onChange={(event) => (busy ? undefined : void choose(event.target.value as SignupMode))}
          >
            {MODES.map((option) => (
              <FormControlLabel
                key={option.mode}
                value={option.mode}
                control={<Radio />}
                label={
                  <span>
                    <Typography component="span" sx={{ fontWeight: 600 }}>
                      {option.label}
                    </Typography>
                    <Typography component="span" color="text.secondary" sx={{ display: 'block' }}>
                      {option.detail}
                    </Typography>
                  </span>
                }
                sx={{ alignItems: 'flex-start', mb: 1, '& .MuiRadio-root': { pt: 0.5 } }}
              />
            ))}
          </RadioGroup>
        )}
        <CardNotice notice={notice} onClose={clear} />
      </Stack>
    </SettingsCard>
  );
}
