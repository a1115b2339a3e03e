import { REGISTRATION_MESSAGES } from '@memories/contracts';
import { ApiError, type AuthApi } from '@memories/web-api-client';
import { act, fireEvent, screen } from '@testing-library/react';
import { renderRoutes } from '../testing/render-routes';
import { sessionStoreAfterRefresh, testUser } from '../testing/session-stores';
import { LoginPage } from './LoginPage';
import { RegisterPage } from './RegisterPage';

type Register = AuthApi['register'];

function renderRegister(register: Register, answer: 'signed-out' | 'signed-in' = 'signed-out') {
  const routes = [
    { path: '/register', element: <RegisterPage api={{ register }} /> },
    { path: '/login', element: <LoginPage /> },
    { path: '/dashboard', element: <h1>My Memories</h1> },
  ];
  return renderRoutes(routes, sessionStoreAfterRefresh(answer), ['/register']);
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
    const router = renderRegister(register);
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
});
