import { AUTH_MESSAGES, EMAIL_PATTERN, REGISTRATION_MESSAGES } from '@memories/contracts';
import { AUTH_FALLBACK_MESSAGES, authApi, type AuthApi } from '@memories/web-api-client';
import { TextInput } from '@memories/web-ui';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { AuthFormCard } from './AuthFormCard';

const NO_MAIL_HINT =
  'No e-mail after a few minutes? Check your spam folder. Whoever runs this Memories server can also find the link in its log, or make one with "npm run reset-password".';

type FormState =
  | { phase: 'idle' }
  | { phase: 'submitting' }
  | { phase: 'sent'; message: string }
  | { phase: 'error'; message: string };

export interface ForgotPasswordPageProps {
  /** Tests pass their own; the app uses the shared client. */
  api?: Pick<AuthApi, 'forgotPassword'>;
}

/** /forgot-password ("Forgot password?" on the login page): asks for a reset link; the same answer for any address. */
export function ForgotPasswordPage({ api = authApi }: ForgotPasswordPageProps) {
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const [form, setForm] = useState<FormState>({ phase: 'idle' });

  const submit = async () => {
    const address = email.trim();
    const problem = !address
      ? REGISTRATION_MESSAGES.emailRequired
      : EMAIL_PATTERN.test(address)
        ? undefined
        : REGISTRATION_MESSAGES.emailInvalid;
    setFieldError(problem);
    if (problem) return;
    setForm({ phase: 'submitting' });
    try {
      await api.forgotPassword(address);
      setForm({ phase: 'sent', message: AUTH_MESSAGES.resetRequested });
    } catch (error) {
      setForm({
        phase: 'error',
        message: (error instanceof Error && error.message) || AUTH_FALLBACK_MESSAGES.forgotPassword,
      });
    }
  };

  return (
    <AuthFormCard
      title="Forgot password"
      submitLabel={form.phase === 'submitting' ? 'Sending...' : 'Send reset link'}
      submitting={form.phase === 'submitting'}
      onSubmit={() => void submit()}
      notice={form.phase === 'sent' ? form.message : undefined}
      error={form.phase === 'error' ? form.message : undefined}
      footer={{ text: 'Remembered it?', linkLabel: 'Log in', to: '/login' }}
    >
      <Typography>
        Enter the e-mail address of your account. We will send you a link to choose a new password; it works once, for
        30 minutes.
      </Typography>
      <TextInput
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        required
        value={email}
        error={fieldError}
        onChange={(event) => {
          setEmail(event.target.value);
          setFieldError(undefined);
        }}
      />
      {form.phase === 'sent' && <Typography color="text.secondary">{NO_MAIL_HINT}</Typography>}
    </AuthFormCard>
  );
}
