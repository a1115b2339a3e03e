import { validateRegistration, type RegistrationFields } from '@memories/contracts';
import { authApi, type AuthApi } from '@memories/web-api-client';
import { useSession } from '@memories/web-session';
import { LoadingIndicator, TextInput, useFormFields } from '@memories/web-ui';
import Stack from '@mui/material/Stack';
import { useEffect, useRef, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { AuthFormCard } from './AuthFormCard';
import type { AuthNavigationState } from './auth-navigation-state';
import { SingleSignOnSection } from './SingleSignOnSection';
import { useSignInOptions } from './useSignInOptions';
import { inviteTokenOf, useSignUpAdmission } from './useSignUpAdmission';

const REGISTRATION_SUCCESS_MESSAGE = 'Registration successful! Please log in with your new account.';
const REGISTRATION_FAILED_MESSAGE = 'Registration failed. Please try again.';
const INVITED_MESSAGE = 'You were invited to join this Memories. Create your account below.';

const emptyFields: RegistrationFields = {
  firstName: '',
  lastName: '',
  email: '',
  phoneNumber: '',
  password: '',
  confirmPassword: '',
};

type FormState = { phase: 'idle' } | { phase: 'submitting' } | { phase: 'error'; message: string };

export interface RegisterPageProps {
  /** Tests pass their own; the app uses the shared client. */
  api?: Pick<AuthApi, 'register' | 'signUpState' | 'checkInvite' | 'signInOptions'>;
}

/**
 * /register (spec sections 2 and 5): the shared registration rules, errors under the fields, success → /login with a
 * message. Where sign-up needs an invite, the page says so instead of the form, unless it was opened from an invite
 * link (`#invite=<token>`); an invite naming an address fills it in, and only that address can use it. Where single
 * sign-on is set up, the invite also lets its holder in through the provider (the only way when password sign-in is
 * off).
 */
export function RegisterPage({ api = authApi }: RegisterPageProps) {
  const { status } = useSession();
  const navigate = useNavigate();
  const token = inviteTokenOf(useLocation().hash);
  const admission = useSignUpAdmission(api, token);
  const { options, retry } = useSignInOptions(api);
  const invitedEmail = admission.phase === 'form' ? admission.invite?.email : null;
  const { fields, setErrors, field } = useFormFields(emptyFields);
  const [form, setForm] = useState<FormState>({ phase: 'idle' });
  const [attempts, setAttempts] = useState(0);
  const formRef = useRef<HTMLDivElement>(null);

  // After a rejected submit, the first field with an error gets focus so its message is read out.
  useEffect(() => {
    if (attempts > 0) formRef.current?.querySelector<HTMLInputElement>('input[aria-invalid="true"]')?.focus();
  }, [attempts]);

  if (status === 'authenticated') return <Navigate to="/dashboard" replace />;
  if (status === 'initializing' || admission.phase === 'checking' || options === null) return <LoadingIndicator />;
  const footer = { text: 'Already have an account?', linkLabel: 'Log in', to: '/login' };
  if (admission.phase === 'refused') {
    return (
      <AuthFormCard title="Create Account" submitLabel="" submitting={false} info={admission.message} footer={footer} />
    );
  }
  const invite = admission.invite;
  const singleSignOn = invite && options.singleSignOn && (
    <SingleSignOnSection option={options.singleSignOn} rememberMe={false} invite={invite.token} onRetry={retry} />
  );
  if (singleSignOn && !options.passwordLogin) {
    return (
      <AuthFormCard
        title="Create Account"
        submitLabel=""
        submitting={false}
        info={INVITED_MESSAGE}
        actions={singleSignOn}
        footer={footer}
      />
    );
  }
  const email = invitedEmail ?? fields.email;

  const submit = async () => {
    const found = validateRegistration({ ...fields, email });
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setForm({ phase: 'idle' });
      setAttempts((count) => count + 1);
      return;
    }
    setForm({ phase: 'submitting' });
    const phoneNumber = fields.phoneNumber.trim();
    try {
      await api.register({
        name: `${fields.firstName.trim()} ${fields.lastName.trim()}`,
        email: email.trim(),
        password: fields.password,
        confirmPassword: fields.confirmPassword,
        ...(phoneNumber ? { phoneNumber } : {}),
        ...(invite ? { inviteToken: invite.token } : {}),
      });
      const state: AuthNavigationState = { message: REGISTRATION_SUCCESS_MESSAGE };
      await navigate('/login', { state });
    } catch (error) {
      setForm({ phase: 'error', message: (error instanceof Error && error.message) || REGISTRATION_FAILED_MESSAGE });
    }
  };

  return (
    <AuthFormCard
      title="Create Account"
      submitLabel={form.phase === 'submitting' ? 'Creating account...' : 'Create Account'}
      submitting={form.phase === 'submitting'}
      onSubmit={() => void submit()}
      error={form.phase === 'error' ? form.message : undefined}
      info={invite ? INVITED_MESSAGE : admission.warning}
      actions={singleSignOn || undefined}
      footer={footer}
    >
      <Stack ref={formRef} spacing={2}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextInput label="First name" autoComplete="given-name" required {...field('firstName')} />
          <TextInput label="Last name" autoComplete="family-name" required {...field('lastName')} />
        </Stack>
        {invitedEmail ? (
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            required
            {...field('email')}
            value={invitedEmail}
            slotProps={{ htmlInput: { readOnly: true } }}
            hint="The address your invite was sent to"
          />
        ) : (
          <TextInput label="Email" type="email" autoComplete="email" required {...field('email')} />
        )}
        <TextInput label="Phone number (optional)" type="tel" autoComplete="tel" {...field('phoneNumber')} />
        <TextInput label="Password" type="password" autoComplete="new-password" required {...field('password')} />
        <TextInput
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          required
          {...field('confirmPassword')}
        />
      </Stack>
    </AuthFormCard>
  );
}
