import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { AuthFormCard } from './AuthFormCard';

/** /register: the spec's sign-up fields; the auth issue (#3) wires validation, submission and redirects. */
export function RegisterPage() {
  return (
    <AuthFormCard title="Create Account" submitLabel="Create Account" footer={{ text: 'Already have an account?', linkLabel: 'Log in', to: '/login' }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField label="First name" name="firstName" autoComplete="given-name" required fullWidth />
        <TextField label="Last name" name="lastName" autoComplete="family-name" required fullWidth />
      </Stack>
      <TextField label="Email" name="email" type="email" autoComplete="email" required fullWidth />
      <TextField label="Phone number (optional)" name="phoneNumber" type="tel" autoComplete="tel" fullWidth />
      <TextField label="Password" name="password" type="password" autoComplete="new-password" required fullWidth />
      <TextField label="Confirm password" name="confirmPassword" type="password" autoComplete="new-password" required fullWidth />
    </AuthFormCard>
  );
}
