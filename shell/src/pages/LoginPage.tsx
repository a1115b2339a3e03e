import { useSession } from '@memories/web-session';
import { LoadingIndicator, TextInput, UnderConstructionDialog } from '@memories/web-ui';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import { useEffect, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { AuthFormCard } from './AuthFormCard';
import type { AuthNavigationState } from './auth-navigation-state';

const LOGIN_FAILED_MESSAGE = 'Login failed. Please check your credentials.';
const REQUIRED_MESSAGE = 'Please enter your email and password.';
const FORGOT_PASSWORD_MESSAGE =
  'Password recovery is currently under development. Site admin is working hard to bring you this feature soon!';

/** The login form's states (spec section 4): a success leaves through the redirect of a signed-in session. */
type FormState = { phase: 'idle' } | { phase: 'submitting' } | { phase: 'error'; message: string };

/** /login (spec section 2): email, password, remember me; one-time message from navigation state; signed-in users go to /dashboard. */
export function LoginPage() {
  const { status, login } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const [notice] = useState(() => (location.state as AuthNavigationState | null)?.message);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(false);
  const [form, setForm] = useState<FormState>({ phase: 'idle' });
  const [forgotOpen, setForgotOpen] = useState(false);

  // Shown once: the message leaves the history entry, so a reload or Back does not show it again.
  useEffect(() => {
    if (notice) void navigate(location.pathname, { replace: true, state: null });
  }, [notice, navigate, location.pathname]);

  if (status === 'authenticated') return <Navigate to="/dashboard" replace />;
  if (status === 'initializing') return <LoadingIndicator />;

  const submit = async () => {
    if (!email.trim() || !password) {
      setForm({ phase: 'error', message: REQUIRED_MESSAGE });
      return;
    }
    setForm({ phase: 'submitting' });
    try {
      await login({ email: email.trim(), password, rememberMe });
    } catch (error) {
      setForm({ phase: 'error', message: (error instanceof Error && error.message) || LOGIN_FAILED_MESSAGE });
    }
  };

  return (
    <>
      <AuthFormCard
        title="Log In"
        submitLabel={form.phase === 'submitting' ? 'Logging in...' : 'Log In'}
        submitting={form.phase === 'submitting'}
        onSubmit={() => void submit()}
        notice={notice}
        error={form.phase === 'error' ? form.message : undefined}
        footer={{ text: "Don't have an account?", linkLabel: 'Sign up', to: '/register' }}
      >
        <TextInput label="Email" name="email" type="email" autoComplete="email" required value={email} onChange={(event) => setEmail(event.target.value)} />
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
          <FormControlLabel
            control={<Checkbox name="rememberMe" checked={rememberMe} onChange={(event) => setRememberMe(event.target.checked)} />}
            label="Remember me"
          />
          <Link component="button" type="button" variant="body2" onClick={() => setForgotOpen(true)}>
            Forgot password?
          </Link>
        </Box>
      </AuthFormCard>
      <UnderConstructionDialog open={forgotOpen} onClose={() => setForgotOpen(false)} message={FORGOT_PASSWORD_MESSAGE} />
    </>
  );
}
