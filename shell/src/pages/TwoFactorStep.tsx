import { ACCOUNT_SECURITY_MESSAGES, type TwoFactorChallenge } from '@memories/contracts';
import { useSession } from '@memories/web-session';
import { TextInput } from '@memories/web-ui';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { AuthFormCard } from './AuthFormCard';

const RECOVERY_CODE_HINT =
  'Enter one of the recovery codes you saved when you turned on two-factor sign-in. Each works once.';
const CODE_MISSING = 'Enter the code to continue.';
const VERIFY_FAILED = 'The code could not be checked. Please try again.';

type FormState = { phase: 'idle' } | { phase: 'submitting' } | { phase: 'error'; message: string };

export interface TwoFactorStepProps {
  challenge: TwoFactorChallenge;
  /** Back to the password step (a new challenge is needed, e.g. after it expired). */
  onBack: () => void;
}

/** The login's second step: a code from the authenticator app, or a recovery code. Success signs in (and redirects). */
export function TwoFactorStep({ challenge, onBack }: TwoFactorStepProps) {
  const { completeTwoFactorLogin } = useSession();
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState(false);
  const [form, setForm] = useState<FormState>({ phase: 'idle' });

  const submit = async () => {
    if (!code.trim()) {
      setForm({ phase: 'error', message: CODE_MISSING });
      return;
    }
    setForm({ phase: 'submitting' });
    try {
      await completeTwoFactorLogin({ challengeToken: challenge.challengeToken, code: code.trim() });
    } catch (error) {
      setForm({ phase: 'error', message: (error instanceof Error && error.message) || VERIFY_FAILED });
    }
  };

  const switchKind = () => {
    setRecovery((current) => !current);
    setCode('');
    setForm({ phase: 'idle' });
  };

  return (
    <AuthFormCard
      title="Two-factor sign-in"
      submitLabel={form.phase === 'submitting' ? 'Verifying...' : 'Verify'}
      submitting={form.phase === 'submitting'}
      onSubmit={() => void submit()}
      error={form.phase === 'error' ? form.message : undefined}
      actions={
        <>
          <Button variant="text" onClick={switchKind}>
            {recovery ? 'Use the code from your app instead' : 'Use a recovery code instead'}
          </Button>
          <Button variant="text" color="inherit" onClick={onBack}>
            Back to log in
          </Button>
        </>
      }
    >
      <Typography>{recovery ? RECOVERY_CODE_HINT : ACCOUNT_SECURITY_MESSAGES.twoFactorRequired}</Typography>
      <TextInput
        key={recovery ? 'recovery' : 'totp'}
        label={recovery ? 'Recovery code' : 'Authentication code'}
        name="code"
        required
        autoFocus
        autoComplete="one-time-code"
        slotProps={{
          htmlInput: recovery
            ? { spellCheck: false, autoCapitalize: 'none' }
            : { inputMode: 'numeric', pattern: '[0-9 ]*' },
        }}
        value={code}
        onChange={(event) => setCode(event.target.value)}
      />
    </AuthFormCard>
  );
}
