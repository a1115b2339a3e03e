import { REMINDER_MESSAGES } from '@memories/contracts';
import { REMINDERS_FALLBACK_MESSAGE, remindersApi, type RemindersApi } from '@memories/web-api-client';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useSearchParams } from 'react-router';

type Outcome = { phase: 'asking' | 'sending' | 'done' } | { phase: 'failed'; message: string };

export interface UnsubscribeRemindersPageProps {
  /** Tests pass their own; the app uses the shared client. */
  api?: Pick<RemindersApi, 'unsubscribe'>;
}

/**
 * /reminders/unsubscribe?token=...: the page a reminder e-mail's "Stop reminder e-mails" link opens, no sign-in
 * needed. It asks before turning e-mails off, so a mail scanner that opens every link turns nothing off (mail clients
 * use the one-click header instead).
 */
export function UnsubscribeRemindersPage({ api = remindersApi }: UnsubscribeRemindersPageProps) {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [outcome, setOutcome] = useState<Outcome>(
    token ? { phase: 'asking' } : { phase: 'failed', message: REMINDER_MESSAGES.unsubscribeNotFound },
  );

  const unsubscribe = () => {
    setOutcome({ phase: 'sending' });
    api.unsubscribe(token).then(
      () => setOutcome({ phase: 'done' }),
      (error: unknown) =>
        setOutcome({
          phase: 'failed',
          message: (error instanceof Error && error.message) || REMINDERS_FALLBACK_MESSAGE,
        }),
    );
  };

  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', px: { xs: 1.5, sm: 2 }, py: { xs: 3, sm: 6 } }}>
      <Paper
        component="section"
        aria-labelledby="unsubscribe-title"
        sx={{ width: '100%', maxWidth: 480, p: { xs: 2.5, sm: 4 } }}
      >
        <Typography id="unsubscribe-title" variant="h4" component="h1" gutterBottom>
          Reminder e-mails
        </Typography>
        {(outcome.phase === 'asking' || outcome.phase === 'sending') && (
          <>
            <Typography>
              Stop receiving reminders to write by e-mail? Notifications on your devices stay as they are.
            </Typography>
            <Button variant="contained" sx={{ mt: 3 }} disabled={outcome.phase === 'sending'} onClick={unsubscribe}>
              Stop reminder e-mails
            </Button>
          </>
        )}
        {outcome.phase === 'done' && (
          <Alert severity="success" role="status">
            {REMINDER_MESSAGES.unsubscribed}
          </Alert>
        )}
        {outcome.phase === 'failed' && <Alert severity="error">{outcome.message}</Alert>}
      </Paper>
    </Box>
  );
}
