import type { SignInOptions } from '@memories/contracts';
import { ApiError } from '@memories/web-api-client';
import type { InitialEntry } from 'react-router';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderRoutes } from '../testing/render-routes';
import { sessionStoreAfterRefresh, testUser } from '../testing/session-stores';
import { LoginPage } from './LoginPage';

/** What the server says of how people sign in here; each test may say otherwise. */
const signInApi = { signInOptions: jest.fn<Promise<SignInOptions>, []>() };
const passwordOnly: SignInOptions = { passwordLogin: true, singleSignOn: null };
const familyId = { displayName: 'Family ID', available: true, startUrl: 'http://localhost:3000/api/auth/oidc/start' };

const routes = [
  { path: '/login', element: <LoginPage api={signInApi} /> },
  { path: '/dashboard', element: <h1>My Memories</h1> },
  { path: '/register', element: <h1>Create Account</h1> },
  { path: '/', element: <h1>Capture Moments</h1> },
];

const type = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Log In' }));

function renderLogin(login: jest.Mock, entries: InitialEntry[] = ['/login']) {
  const store = sessionStoreAfterRefresh('signed-out', { login });
  return renderRoutes(routes, store, entries);
}

describe('LoginPage', () => {
  beforeEach(() => signInApi.signInOptions.mockResolvedValue(passwordOnly));

  it('has email and password marked required, remember me, and a link to /register', async () => {
    renderLogin(jest.fn());

    expect(await screen.findByRole('heading', { name: 'Log In' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Email' })).toBeRequired();
    expect(screen.getByLabelText(/^Password/)).toBeRequired();
    expect(screen.getByText('Email', { selector: 'label' })).toHaveTextContent('Email *');
    expect(screen.getByRole('checkbox', { name: 'Remember me' })).not.toBeChecked();
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/register');
  });

  it('asks for email and password before calling the server', async () => {
    const login = jest.fn();
    renderLogin(login);
    await screen.findByRole('heading', { name: 'Log In' });

    type(/^Email/, 'ada@example.com');
    submit();

    expect(screen.getByRole('alert')).toHaveTextContent('Please enter your email and password.');
    expect(login).not.toHaveBeenCalled();
  });

  it('signs in with email, password and remember me, then goes to /dashboard', async () => {
    const login = jest.fn(async () => ({ accessToken: 'jwt', user: testUser }));
    const router = renderLogin(login);
    await screen.findByRole('heading', { name: 'Log In' });

    type(/^Email/, ' ada@example.com ');
    type(/^Password/, 'secret1');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    submit();

    expect(await screen.findByRole('heading', { name: 'My Memories' })).toBeInTheDocument();
    expect(login).toHaveBeenCalledWith({ email: 'ada@example.com', password: 'secret1', rememberMe: true });
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('disables the form while submitting, then shows the error', async () => {
    let fail!: (error: unknown) => void;
    const login = jest.fn(() => new Promise((_resolve, reject) => (fail = reject)));
    renderLogin(login);
    await screen.findByRole('heading', { name: 'Log In' });
    type(/^Email/, 'ada@example.com');
    type(/^Password/, 'wrong-password');

    submit();

    expect(screen.getByRole('button', { name: 'Logging in...' })).toBeDisabled();
    await act(async () => fail(new ApiError({ kind: 'http', status: 401, message: 'Invalid email or password' })));
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(screen.getByRole('button', { name: 'Log In' })).toBeEnabled();
  });

  it('says "Login failed. Please check your credentials." when the error has no message', async () => {
    renderLogin(jest.fn(async () => Promise.reject(new Error(''))));
    await screen.findByRole('heading', { name: 'Log In' });
    type(/^Email/, 'ada@example.com');
    type(/^Password/, 'secret1');

    submit();

    expect(await screen.findByRole('alert')).toHaveTextContent('Login failed. Please check your credentials.');
  });

  it('shows a message passed in navigation state once, then clears it from history', async () => {
    const router = renderLogin(jest.fn(), [
      '/',
      { pathname: '/login', state: { message: 'Registration successful! Please log in with your new account.' } },
    ]);

    await screen.findByRole('heading', { name: 'Log In' });
    expect(screen.getByRole('status')).toHaveTextContent(
      'Registration successful! Please log in with your new account.',
    );
    await waitFor(() => expect(router.state.location.state).toBeNull());
    expect(router.state.historyAction).toBe('REPLACE');

    await act(() => router.navigate('/'));
    await act(() => router.navigate(-1));
    expect(await screen.findByRole('heading', { name: 'Log In' })).toBeInTheDocument();
    expect(screen.queryByText(/Registration successful/)).not.toBeInTheDocument();
  });

  it('links "Forgot password?" to the recovery page, and offers no passkey in a browser without WebAuthn', async () => {
    renderLogin(jest.fn());
    await screen.findByRole('heading', { name: 'Log In' });

    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.queryByRole('button', { name: 'Sign in with a passkey' })).not.toBeInTheDocument();
  });

  it('asks for the code of an account with two-factor sign-in, and signs in with it', async () => {
    const challenge = {
      twoFactorRequired: true as const,
      challengeToken: 'challenge',
      expiresAt: '2026-01-01T00:05:00.000Z',
    };
    const loginWithTwoFactor = jest
      .fn()
      .mockRejectedValueOnce(
        new ApiError({
          kind: 'http',
          status: 401,
          message: 'That code did not work. Check your authenticator app and try again.',
        }),
      )
      .mockResolvedValueOnce({ accessToken: 'jwt', user: testUser });
    const router = renderRoutes(
      routes,
      sessionStoreAfterRefresh('signed-out', { login: jest.fn(async () => challenge), loginWithTwoFactor }),
      ['/login'],
    );
    await screen.findByRole('heading', { name: 'Log In' });
    type(/^Email/, 'ada@example.com');
    type(/^Password/, 'secret1');
    submit();

    expect(await screen.findByRole('heading', { name: 'Two-factor sign-in' })).toBeInTheDocument();
    expect(screen.getByText('Enter the 6-digit code from your authenticator app.')).toBeInTheDocument();
    type(/^Authentication code/, '000000');
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That code did not work.');

    fireEvent.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    type(/^Recovery code/, 'abcd-efgh-jkmn-pqrs');
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByRole('heading', { name: 'My Memories' })).toBeInTheDocument();
    expect(loginWithTwoFactor).toHaveBeenLastCalledWith({ challengeToken: 'challenge', code: 'abcd-efgh-jkmn-pqrs' });
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('goes back from the second step to the password step', async () => {
    const challenge = {
      twoFactorRequired: true as const,
      challengeToken: 'challenge',
      expiresAt: '2026-01-01T00:05:00.000Z',
    };
    renderLogin(jest.fn(async () => challenge));
    await screen.findByRole('heading', { name: 'Log In' });
    type(/^Email/, 'ada@example.com');
    type(/^Password/, 'secret1');
    submit();
    await screen.findByRole('heading', { name: 'Two-factor sign-in' });

    fireEvent.click(screen.getByRole('button', { name: 'Back to log in' }));

    expect(await screen.findByRole('heading', { name: 'Log In' })).toBeInTheDocument();
  });

  it('sends a signed-in user to /dashboard', async () => {
    const router = renderRoutes(routes, sessionStoreAfterRefresh('signed-in'), ['/login']);

    expect(await screen.findByRole('heading', { name: 'My Memories' })).toBeInTheDocument();
    expect(router.state.historyAction).toBe('REPLACE');
  });

  describe('single sign-on', () => {
    it('offers "Sign in with {provider}" as a link to the start, keeping "Remember me"', async () => {
      signInApi.signInOptions.mockResolvedValue({ passwordLogin: true, singleSignOn: familyId });
      renderLogin(jest.fn());

      const link = await screen.findByRole('link', { name: 'Sign in with Family ID' });
      expect(link).toHaveAttribute('href', 'http://localhost:3000/api/auth/oidc/start');
      fireEvent.click(screen.getByRole('checkbox', { name: 'Remember me' }));
      expect(link).toHaveAttribute('href', 'http://localhost:3000/api/auth/oidc/start?rememberMe=true');
      expect(screen.getByLabelText(/^Password/)).toBeInTheDocument();
    });

    it('says single sign-on is unavailable while the provider cannot be reached, and asks again on request', async () => {
      signInApi.signInOptions.mockResolvedValueOnce({
        passwordLogin: true,
        singleSignOn: { ...familyId, available: false },
      });
      signInApi.signInOptions.mockResolvedValueOnce({ passwordLogin: true, singleSignOn: familyId });
      renderLogin(jest.fn());

      expect(await screen.findByText(/Single sign-on is unavailable right now/)).toBeInTheDocument();
      expect(screen.queryByRole('link', { name: 'Sign in with Family ID' })).not.toBeInTheDocument();
      fireEvent.click(screen.getByRole('button', { name: 'Try again' }));

      expect(await screen.findByRole('link', { name: 'Sign in with Family ID' })).toBeInTheDocument();
    });

    it('says why a single sign-on came back refused, once: the code leaves the address', async () => {
      signInApi.signInOptions.mockResolvedValue({ passwordLogin: true, singleSignOn: familyId });
      const router = renderLogin(jest.fn(), ['/login?ssoError=SIGN_IN_REQUEST_USED_CONFLICT']);

      expect(await screen.findByRole('alert')).toHaveTextContent(
        'This sign-in was already completed and cannot be used again. Please sign in again.',
      );
      await waitFor(() => expect(router.state.location.search).toBe(''));
    });

    it('offers no password form, reset or sign-up where password sign-in is off', async () => {
      signInApi.signInOptions.mockResolvedValue({ passwordLogin: false, singleSignOn: familyId });
      renderLogin(jest.fn());

      expect(await screen.findByRole('link', { name: 'Sign in with Family ID' })).toBeInTheDocument();
      expect(screen.getByRole('heading', { name: 'Log In' })).toBeInTheDocument();
      expect(screen.getByRole('checkbox', { name: 'Remember me' })).toBeInTheDocument();
      expect(screen.queryByLabelText(/^Password/)).not.toBeInTheDocument();
      expect(screen.queryByRole('link', { name: 'Forgot password?' })).not.toBeInTheDocument();
      expect(screen.queryByRole('link', { name: 'Sign up' })).not.toBeInTheDocument();
    });

    it('shows the password form when the server cannot say how to sign in (it still decides)', async () => {
      signInApi.signInOptions.mockRejectedValue(new ApiError({ kind: 'network', status: 0, message: 'offline' }));
      renderLogin(jest.fn());

      expect(await screen.findByLabelText(/^Password/)).toBeInTheDocument();
    });
  });
});
