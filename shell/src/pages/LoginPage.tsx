import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import { AuthFormCard } from './AuthFormCard';

/** /login: the spec's sign-in fields; the auth issue (#3) wires submission, redirects and errors. */
export function LoginPage() {
  return (
    <AuthFormCard title="Log In" submitLabel="Log In" footer={{ text: "Don't have an account?", linkLabel: 'Sign up', to: '/register' }}>
      <TextField label="Email" name="email" type="email" autoComplete="email" required fullWidth />
      <TextField label="Password" name="password" type="password" autoComplete="current-password" required fullWidth />
      <FormControlLabel control={<Checkbox name="rememberMe" />} label="Remember me" />
    </AuthFormCard>
  );
}
