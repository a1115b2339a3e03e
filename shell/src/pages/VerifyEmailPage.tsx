import { AUTH_MESSAGES } from '@memories/contracts';
import { AUTH_FALLBACK_MESSAGES, authApi, type AuthApi } from '@memories/web-api-client';
import { useSession } from '@memories/web-session';
import { LoadingIndicator } from '@memories/web-ui';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useActionToken } from './useActionToken';

type Outcome = { phase: 'checking' } | { phase: 'verified' } | { phase: 'failed'; message: string };

export interface VerifyEmailPageProps {
  /** Tests pass their own; the app uses the shared client. */
  api?: Pick<AuthApi, 'verifyEmail'>;
}

/** /verify-email#token=...: the page the verification e-mail links to. It confirms the address once, on opening. */
export function VerifyEmailPage({ api = authApi }: VerifyEmailPageProps) {
  const token = useActionToken();
  const { status } = useSession();
  const [outcome, setOutcome] = useState<Outcome>(
    token ? { phase: 'checking' } : { phase: 'failed', message: AUTH_MESSAGES.verificationTokenInvalid },
  );
  // The token works once: a second run of the effect (React's development double run) must not spend it again.
  const sent = useRef(false);

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    api.verifyEmail(token).then(
      () => setOutcome({ phase: 'verified' }),
      (error: unknown) =>
        setOutcome({
          phase: 'failed',
          message: (error instanceof Error && error.message) || AUTH_FALLBACK_MESSAGES.verifyEmail,
        }),
    );
  }, [api, token]);

  const next =
    status === 'authenticated' ? { to: '/dashboard', label: 'Go to your memories' } : { to: '/login', label: 'Log in' };
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', px: { xs: 1.5, sm: 2 }, py: { xs: 3, sm: 6 } }}>
      <Paper
        component="section"
        aria-labelledby="verify-email-title"
        sx={{ width: '100%', maxWidth: 480, p: { xs: 2.5, sm: 4 } }}
      >
        <Typography id="verify-email-title" variant="h4" component="h1" gutterBottom>
          Confirm your e-mail
        </Typography>
        {outcome.phase === 'checking' && <LoadingIndicator />}
        {outcome.phase === 'verified' && (
          <Alert severity="success" role="status">
            {AUTH_MESSAGES.emailVerified}
          </Alert>
        )}
        {outcome.phase === 'failed' && <Alert severity="error">{outcome.message}</Alert>}
        {outcome.phase !== 'checking' && (
          <Button component={RouterLink} to={next.to} variant="contained" sx={{ mt: 3 }}>
            {next.label}
          </Button>
        )}
      </Paper>
    </Box>
  );
}
