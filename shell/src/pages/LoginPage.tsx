import { useSession } from '@memories/web-session';
import { SINGLE_SIGN_ON_ERROR_PARAMETER, singleSignOnErrorMessage, type TwoFactorChallenge } from '@memories/contracts';
import { authApi, type AuthApi } from '@memories/web-api-client';
import { LoadingIndicator, TextInput } from '@memories/web-ui';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import { useEffect, useState } from 'react';
import { Navigate, Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { AuthFormCard } from './AuthFormCard';
import type { AuthNavigationState } from './auth-navigation-state';
import { PasskeySignInButton } from './PasskeySignInButton';
import { SingleSignOnSection } from './SingleSignOnSection';
import { TwoFactorStep } from './TwoFactorStep';
import { useSignInOptions } from './useSignInOptions';

const LOGIN_FAILED_MESSAGE = 'Login failed. Please check your credentials.';
const REQUIRED_MESSAGE = 'Please enter your email and password.';

/** The login form's states (spec section 4): a success leaves through the redirect of a signed-in session. */
type FormState = { phase: 'idle' } | { phase: 'submitting' } | { phase: 'error'; message: string };

export interface LoginPageProps {
  /** Tests pass their own; the app uses the shared client. */
  api?: Pick<AuthApi, 'signInOptions'>;
}

/**
 * /login (spec section 2): email, password, remember me; one-time message from navigation state; signed-in users go
 * to /dashboard. An account with two-factor sign-in then asks for a code; a passkey signs in without the password.
 * Where the instance has single sign-on, "Sign in with {provider}" (and why a sign-in there came back refused);
 * where password sign-in is off (PASSWORD_LOGIN=false), no password form and no sign-up.
 */
export function LoginPage({ api = authApi }: LoginPageProps) {
  const { status, login } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const [notice] = useState(() => (location.state as AuthNavigationState | null)?.message);
  const [singleSignOnError] = useState(() => {
    const code = new URLSearchParams(location.search).get(SINGLE_SIGN_ON_ERROR_PARAMETER);
    return code ? singleSignOnErrorMessage(code) : undefined;
  });
  const { options, retry } = useSignInOptions(api);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(false);
  const [form, setForm] = useState<FormState>({ phase: 'idle' });
  const [challenge, setChallenge] = useState<TwoFactorChallenge | null>(null);

  // Shown once: the message leaves the history entry (and the URL), so a reload or Back does not show it again.
  useEffect(() => {
    if (notice || singleSignOnError) void navigate(location.pathname, { replace: true, state: null });
  }, [notice, singleSignOnError, navigate, location.pathname]);

  if (status === 'authenticated') return <Navigate to="/dashboard" replace />;
  if (status === 'initializing' || options === null) return <LoadingIndicator />;
  if (challenge) return <TwoFactorStep challenge={challenge} onBack={() => setChallenge(null)} />;

  const submit = async () => {
    if (!email.trim() || !password) {
      setForm({ phase: 'error', message: REQUIRED_MESSAGE });
      return;
    }
    setForm({ phase: 'submitting' });
    try {
      const result = await login({ email: email.trim(), password, rememberMe });
      if (result.status === 'two-factor-required') {
        setForm({ phase: 'idle' });
        setChallenge(result.challenge);
      }
    } catch (error) {
      setForm({ phase: 'error', message: (error instanceof Error && error.message) || LOGIN_FAILED_MESSAGE });
    }
  };

  const formError = form.phase === 'error' ? form.message : undefined;
  const rememberMeBox = (
    <FormControlLabel
      control={
        <Checkbox name="rememberMe" checked={rememberMe} onChange={(event) => setRememberMe(event.target.checked)} />
      }
      label="Remember me"
    />
  );
  const otherWays = (
    <>
      {!options.passwordLogin && rememberMeBox}
      {!options.passwordLogin && formError && <Alert severity="error">{formError}</Alert>}
      {options.singleSignOn ? (
        <SingleSignOnSection
          option={options.singleSignOn}
          rememberMe={rememberMe}
          error={singleSignOnError}
          onRetry={retry}
        />
      ) : (
        singleSignOnError && <Alert severity="error">{singleSignOnError}</Alert>
      )}
      <PasskeySignInButton
        rememberMe={rememberMe}
        onError={(message) => setForm(message ? { phase: 'error', message } : { phase: 'idle' })}
      />
    </>
  );

  if (!options.passwordLogin) {
    return <AuthFormCard title="Log In" submitLabel="" submitting={false} notice={notice} actions={otherWays} />;
  }

  return (
    <AuthFormCard
      title="Log In"
      submitLabel={form.phase === 'submitting' ? 'Logging in...' : 'Log In'}
      submitting={form.phase === 'submitting'}
      onSubmit={() => void submit()}
      notice={notice}
      error={formError}
      actions={otherWays}
      footer={{ text: "Don't have an account?", linkLabel: 'Sign up', to: '/register' }}
    >
      <TextInput
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        required
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <TextInput
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        {rememberMeBox}
        <Link component={RouterLink} to="/forgot-password" variant="body2">
          Forgot password?
        </Link>
      </Box>
    </AuthFormCard>
  );
}
