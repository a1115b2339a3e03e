import { AUTH_MESSAGES } from '@memories/contracts';
import { authApi, type AuthApi } from '@memories/web-api-client';
import { useSession } from '@memories/web-session';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { CardNotice, useCardNotice } from '../../settings-page/components/CardNotice';
import { SettingsCard } from '../../settings-page/components/SettingsSection';

export interface EmailVerificationCardProps {
  api?: Pick<AuthApi, 'resendVerification'>;
}

/**
 * Whether the account's e-mail address is confirmed, with a new link for one that is not (it is not needed to sign in).
 */
export function EmailVerificationCard({ api = authApi }: EmailVerificationCardProps) {
  const { user } = useSession();
  const [sending, setSending] = useState(false);
  const { notice, succeeded, failed, clear } = useCardNotice();
  if (!user) return null;

  const resend = async () => {
    setSending(true);
    clear();
    try {
      await api.resendVerification(user.email);
      succeeded(AUTH_MESSAGES.verificationResent);
    } catch (error) {
      failed(error);
    } finally {
      setSending(false);
    }
  };

  return (
    <SettingsCard title="E-mail address">
      <Stack spacing={2}>
        <Typography>
          {user.email}:{' '}
          {user.emailVerified
            ? 'confirmed.'
            : 'not confirmed yet. Password reset links go to this address, so check that it is right.'}
        </Typography>
        {!user.emailVerified && (
          <div>
            <Button variant="outlined" onClick={() => void resend()} disabled={sending}>
              {sending ? 'Sending...' : 'Send the confirmation link again'}
            </Button>
          </div>
        )}
        <CardNotice notice={notice} onClose={clear} />
      </Stack>
    </SettingsCard>
  );
}
