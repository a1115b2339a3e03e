import {
  ADMIN_MESSAGES,
  REGISTRATION_MESSAGES,
  type InviteCheck,
  type SignInOptions,
  type SignupMode,
} from '@memories/contracts';
import { ApiError, type AuthApi } from '@memories/web-api-client';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { renderRoutes } from '../testing/render-routes';
import { sessionStoreAfterRefresh, testUser } from '../testing/session-stores';
import { LoginPage } from './LoginPage';
import { RegisterPage } from './RegisterPage';

type Register = AuthApi['register'];

interface SignUpAnswers {
  mode?: SignupMode;
  /** What the server says of the page's invite; null: it cannot be used. */
  invite?: InviteCheck | null;
  url?: string;
  signInOptions?: SignInOptions;
}

const PASSWORD_ONLY: SignInOptions = { passwordLogin: true, singleSignOn: null };
const FAMILY_ID = {
  displayName: 'Family ID',
  available: true,
  startUrl: 'https://memories.example/api/auth/oidc/start',
};

function renderRegister(
  register: Register,
  answer: 'signed-out' | 'signed-in' = 'signed-out',
  { mode = 'open', invite = null, url = '/register', signInOptions = PASSWORD_ONLY }: SignUpAnswers = {},
) {
  const api: Pick<AuthApi, 'register' | 'signUpState' | 'checkInvite' | 'signInOptions'> = {
    register,
    signInOptions: async () => signInOptions,
    signUpState: async () => ({ signupMode: mode }),
    checkInvite: jest.fn(async () => {
      if (!invite) throw new ApiError({ kind: 'http', status: 404, message: ADMIN_MESSAGES.inviteInvalid });
      return invite;
    }),
  };
  const routes = [
    { path: '/register', element: <RegisterPage api={api} /> },
    { path: '/login', element: <LoginPage /> },
    { path: '/dashboard', element: <h1>My Memories</h1> },
  ];
  return { router: renderRoutes(routes, sessionStoreAfterRefresh(answer), [url]), api };
}

const input = (label: RegExp) => screen.getByLabelText(label);
const type = (label: RegExp, value: string) => fireEvent.change(input(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));

const LABELS = {
  firstName: /^First name/,
  lastName: /^Last name/,
  email: /^Email/,
  phoneNumber: /^Phone number/,
  password: /^Password/,
  confirmPassword: /^Confirm password/,
};

function fillValid() {
  type(LABELS.firstName, ' Ada ');
  type(LABELS.lastName, 'Lovelace');
  type(LABELS.email, 'ada@example.com');
  type(LABELS.password, 'secret1');
  type(LABELS.confirmPassword, 'secret1');
}

describe('RegisterPage', () => {
  it('marks every field but the phone number as required', async () => {
    renderRegister(jest.fn());
    await screen.findByRole('heading', { name: 'Create Account' });

    for (const [name, label] of Object.entries(LABELS)) {
      if (name === 'phoneNumber') expect(input(label)).not.toBeRequired();
      else expect(input(label)).toBeRequired();
    }
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  });

  it('shows each required-field message under its field and focuses the first', async () => {
    const register = jest.fn<ReturnType<Register>, Parameters<Register>>();
    renderRegister(register);
    await screen.findByRole('heading', { name: 'Create Account' });

    submit();

    expect(input(LABELS.firstName)).toHaveAccessibleDescription(REGISTRATION_MESSAGES.firstNameRequired);
    expect(input(LABELS.lastName)).toHaveAccessibleDescription(REGISTRATION_MESSAGES.lastNameRequired);
    expect(input(LABELS.email)).toHaveAccessibleDescription(REGISTRATION_MESSAGES.emailRequired);
    expect(input(LABELS.password)).toHaveAccessibleDescription(REGISTRATION_MESSAGES.passwordRequired);
    expect(input(LABELS.phoneNumber)).not.toHaveAccessibleDescription();
    expect(input(LABELS.confirmPassword)).not.toHaveAccessibleDescription();
    expect(input(LABELS.firstName)).toHaveFocus();
    expect(register).not.toHaveBeenCalled();
  });

  it('shows the format messages: email, phone number, short password, mismatched confirmation', async () => {
    renderRegister(jest.fn());
    await screen.findByRole('heading', { name: 'Create Account' });
    fillValid();
    type(LABELS.email, 'ada@example');
    type(LABELS.phoneNumber, '12345');
    type(LABELS.password, 'abc12');
    type(LABELS.confirmPassword, 'abc123');

    submit();

    expect(input(LABELS.email)).toHaveAccessibleDescription(REGISTRATION_MESSAGES.emailInvalid);
    expect(input(LABELS.phoneNumber)).toHaveAccessibleDescription(REGISTRATION_MESSAGES.phoneNumberInvalid);
    expect(input(LABELS.password)).toHaveAccessibleDescription(REGISTRATION_MESSAGES.passwordTooShort);
    expect(input(LABELS.confirmPassword)).toHaveAccessibleDescription(REGISTRATION_MESSAGES.passwordsDoNotMatch);
    expect(input(LABELS.email)).toHaveFocus();
  });

  it('clears a field’s error when that field is edited, and only that one', async () => {
    renderRegister(jest.fn());
    await screen.findByRole('heading', { name: 'Create Account' });
    submit();

    type(LABELS.firstName, 'A');

    expect(input(LABELS.firstName)).not.toHaveAccessibleDescription();
    expect(input(LABELS.firstName)).toBeValid();
    expect(input(LABELS.lastName)).toHaveAccessibleDescription(REGISTRATION_MESSAGES.lastNameRequired);
  });

  it('registers with the first and last name joined, and goes to /login with the success message', async () => {
    const register = jest.fn<ReturnType<Register>, Parameters<Register>>(async () => testUser);
    const { router } = renderRegister(register);
    await screen.findByRole('heading', { name: 'Create Account' });
    fillValid();
    type(LABELS.email, ' ada@example.com ');

    submit();

    expect(await screen.findByRole('heading', { name: 'Log In' })).toBeInTheDocument();
    expect(register).toHaveBeenCalledWith({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      password: 'secret1',
      confirmPassword: 'secret1',
    });
    expect(screen.getByRole('status')).toHaveTextContent(
      'Registration successful! Please log in with your new account.',
    );
    expect(router.state.location.pathname).toBe('/login');
  });

  it('sends the phone number when one is given', async () => {
    const register = jest.fn<ReturnType<Register>, Parameters<Register>>(async () => testUser);
    renderRegister(register);
    await screen.findByRole('heading', { name: 'Create Account' });
    fillValid();
    type(LABELS.phoneNumber, '+4915112345678');

    submit();

    await screen.findByRole('heading', { name: 'Log In' });
    expect(register).toHaveBeenCalledWith(expect.objectContaining({ phoneNumber: '+4915112345678' }));
  });

  it('shows the server error, disabling the button while submitting', async () => {
    let fail!: (error: unknown) => void;
    renderRegister(jest.fn(() => new Promise<never>((_resolve, reject) => (fail = reject))));
    await screen.findByRole('heading', { name: 'Create Account' });
    fillValid();

    submit();

    expect(screen.getByRole('button', { name: 'Creating account...' })).toBeDisabled();
    await act(async () => fail(new ApiError({ kind: 'http', status: 409, message: 'User already exists' })));
    expect(screen.getByRole('alert')).toHaveTextContent('User already exists');
  });

  it('says "Registration failed. Please try again." when the error has no message', async () => {
    renderRegister(jest.fn(async () => Promise.reject(new Error(''))));
    await screen.findByRole('heading', { name: 'Create Account' });
    fillValid();

    submit();

    expect(await screen.findByRole('alert')).toHaveTextContent('Registration failed. Please try again.');
  });

  it('sends a signed-in user to /dashboard', async () => {
    renderRegister(jest.fn(), 'signed-in');

    expect(await screen.findByRole('heading', { name: 'My Memories' })).toBeInTheDocument();
  });

  it.each([
    ['invite', ADMIN_MESSAGES.signupByInvite],
    ['closed', ADMIN_MESSAGES.signupClosed],
  ] as const)(
    'says sign-up needs an invite (%s) instead of offering a form that cannot work',
    async (mode, message) => {
      renderRegister(jest.fn(), 'signed-out', { mode });

      expect(await screen.findByRole('note')).toHaveTextContent(message);
      expect(screen.getByRole('heading', { name: 'Create Account' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Create Account' })).not.toBeInTheDocument();
      expect(screen.queryByLabelText(LABELS.email)).not.toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    },
  );

  it('opens the form from an invite link, with the address the invite names, and sends its token', async () => {
    const register = jest.fn<ReturnType<Register>, Parameters<Register>>(async () => testUser);
    const invite = { email: 'grace@example.com', expiresAt: '2030-01-01T00:00:00.000Z' };
    const { api } = renderRegister(register, 'signed-out', { mode: 'closed', invite, url: '/register#invite=abc_-1' });
    await screen.findByRole('button', { name: 'Create Account' });

    expect(api.checkInvite).toHaveBeenCalledWith('abc_-1');
    expect(screen.getByRole('note')).toHaveTextContent('You were invited to join this Memories.');
    expect(input(LABELS.email)).toHaveValue('grace@example.com');
    expect(input(LABELS.email)).toHaveAttribute('readonly');
    type(LABELS.firstName, 'Grace');
    type(LABELS.lastName, 'Hopper');
    type(LABELS.password, 'secret1');
    type(LABELS.confirmPassword, 'secret1');
    submit();

    await screen.findByRole('heading', { name: 'Log In' });
    expect(register).toHaveBeenCalledWith(
      expect.objectContaining({ email: 'grace@example.com', inviteToken: 'abc_-1' }),
    );
  });

  it('offers single sign-on with the invite beside the form, and only it when password sign-in is off', async () => {
    const invite = { email: null, expiresAt: '2030-01-01T00:00:00.000Z' };
    const url = '/register#invite=abc_-1';
    renderRegister(jest.fn(), 'signed-out', {
      mode: 'invite',
      invite,
      url,
      signInOptions: { passwordLogin: true, singleSignOn: FAMILY_ID },
    });
    const link = await screen.findByRole('link', { name: 'Sign in with Family ID' });

    expect(link).toHaveAttribute('href', `${FAMILY_ID.startUrl}?invite=abc_-1`);
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeInTheDocument();
    cleanup();

    renderRegister(jest.fn(), 'signed-out', {
      mode: 'invite',
      invite,
      url,
      signInOptions: { passwordLogin: false, singleSignOn: FAMILY_ID },
    });
    expect(await screen.findByRole('link', { name: 'Sign in with Family ID' })).toHaveAttribute(
      'href',
      `${FAMILY_ID.startUrl}?invite=abc_-1`,
    );
    expect(screen.getByRole('note')).toHaveTextContent('You were invited to join this Memories.');
    expect(screen.queryByRole('button', { name: 'Create Account' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText(LABELS.password)).not.toBeInTheDocument();
  });

  it('offers single sign-on on the sign-up page only with an invite', async () => {
    renderRegister(jest.fn(), 'signed-out', { signInOptions: { passwordLogin: true, singleSignOn: FAMILY_ID } });
    await screen.findByRole('button', { name: 'Create Account' });

    expect(screen.queryByRole('link', { name: 'Sign in with Family ID' })).not.toBeInTheDocument();
  });

  it('says why an invite link cannot be used, and offers the form only where sign-up is open anyway', async () => {
    renderRegister(jest.fn(), 'signed-out', { mode: 'invite', url: '/register#invite=used' });

    expect(await screen.findByRole('note')).toHaveTextContent(ADMIN_MESSAGES.inviteInvalid);
    expect(screen.queryByRole('button', { name: 'Create Account' })).not.toBeInTheDocument();
  });
});
