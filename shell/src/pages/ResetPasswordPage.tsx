import { AUTH_MESSAGES, validateNewPassword, type NewPasswordFields } from '@memories/contracts';
import { AUTH_FALLBACK_MESSAGES, authApi, type AuthApi } from '@memories/web-api-client';
import { TextInput, useFormFields } from '@memories/web-ui';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { AuthFormCard } from './AuthFormCard';
import type { AuthNavigationState } from './auth-navigation-state';
import { useActionToken } from './useActionToken';

const EMPTY: NewPasswordFields = { newPassword: '', confirmPassword: '' };

type FormState = { phase: 'idle' } | { phase: 'submitting' } | { phase: 'error'; message: string };

export interface ResetPasswordPageProps {
  /** Tests pass their own; the app uses the shared client. */
  api?: Pick<AuthApi, 'resetPassword'>;
}

/**
 * /reset-password#token=...: the page a reset link opens; a new password signs out everywhere (and removes the
 * passkeys, when asked), then log in.
 */
export function ResetPasswordPage({ api = authApi }: ResetPasswordPageProps) {
  const token = useActionToken();
  const [removePasskeys, setRemovePasskeys] = useState(false);
  const navigate = useNavigate();
  const { fields, setErrors, field } = useFormFields<NewPasswordFields>(EMPTY);
  const [form, setForm] = useState<FormState>(
    token ? { phase: 'idle' } : { phase: 'error', message: AUTH_MESSAGES.resetTokenInvalid },
  );

  const submit = async () => {
    const found = validateNewPassword(fields);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setForm({ phase: 'submitting' });
    try {
      await api.resetPassword({ token, ...fields, ...(removePasskeys ? { removePasskeys } : {}) });
      const state: AuthNavigationState = { message: AUTH_MESSAGES.passwordReset };
      void navigate('/login', { replace: true, state });
    } catch (error) {
      setForm({
        phase: 'error',
        message: (error instanceof Error && error.message) || AUTH_FALLBACK_MESSAGES.resetPassword,
      });
    }
  };

  return (
    <AuthFormCard
      title="Choose a new password"
      submitLabel={form.phase === 'submitting' ? 'Saving...' : 'Set new password'}
      submitting={form.phase === 'submitting' || !token}
      onSubmit={() => void submit()}
      error={form.phase === 'error' ? form.message : undefined}
      footer={{ text: 'Need a new link?', linkLabel: 'Forgot password', to: '/forgot-password' }}
    >
      <Typography>Every device signed in to your account will be signed out.</Typography>
      <TextInput label="New password" type="password" autoComplete="new-password" required {...field('newPassword')} />
      <TextInput
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        required
        {...field('confirmPassword')}
      />
      <FormControlLabel
        control={
          <Checkbox
            name="removePasskeys"
            checked={removePasskeys}
            onChange={(event) => setRemovePasskeys(event.target.checked)}
          />
        }
        label="Also remove all my passkeys (if a device with one may be in someone else's hands)"
      />
      {!token && (
        <Link component={RouterLink} to="/login">
          Back to log in
        </Link>
      )}
    </AuthFormCard>
  );
}
