import { ApiError } from '@memories/web-api-client';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderRoutes } from '../testing/render-routes';
import { sessionStoreAfterRefresh } from '../testing/session-stores';
import { ForgotPasswordPage } from './ForgotPasswordPage';
import { ResetPasswordPage } from './ResetPasswordPage';
import { VerifyEmailPage } from './VerifyEmailPage';

const type = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

function renderAt(path: string, api: Record<string, jest.Mock>) {
  const routes = [
    { path: '/forgot-password', element: <ForgotPasswordPage api={api as never} /> },
    { path: '/reset-password', element: <ResetPasswordPage api={api as never} /> },
    { path: '/verify-email', element: <VerifyEmailPage api={api as never} /> },
    { path: '/login', element: <h1>Log In</h1> },
  ];
  return renderRoutes(routes, sessionStoreAfterRefresh('signed-out'), [path]);
}

describe('ForgotPasswordPage', () => {
  it('checks the address, then says the same thing whatever the server knows', async () => {
    const forgotPassword = jest.fn(async () => undefined);
    renderAt('/forgot-password', { forgotPassword });
    await screen.findByRole('heading', { name: 'Forgot password' });

    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    type(/^Email/, ' ada@example.com ');
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));

    expect(await screen.findByRole('status')).toHaveTextContent(
      'If an account exists for this email, a password reset link has been sent.',
    );
    expect(forgotPassword).toHaveBeenCalledWith('ada@example.com');
    expect(screen.getByText(/npm run reset-password/)).toBeInTheDocument();
  });
});

describe('ResetPasswordPage', () => {
  it('sets the new password with the link’s token and sends the user to log in with a message', async () => {
    const resetPassword = jest.fn(async () => undefined);
    const router = renderAt('/reset-password#token=tok', { resetPassword });
    await screen.findByRole('heading', { name: 'Choose a new password' });

    type(/^New password/, 'brand-new-1');
    type(/^Confirm new password/, 'brand-new-2');
    fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(resetPassword).not.toHaveBeenCalled();

    type(/^Confirm new password/, 'brand-new-1');
    fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(resetPassword).toHaveBeenCalledWith({
      token: 'tok',
      newPassword: 'brand-new-1',
      confirmPassword: 'brand-new-1',
    });
    expect(router.state.location.state).toEqual({ message: 'Your password has been reset. Please log in.' });
  });

  it('also removes every passkey when asked, and still reads a link of the release before (?token=)', async () => {
    const resetPassword = jest.fn(async () => undefined);
    renderAt('/reset-password?token=old-style', { resetPassword });
    await screen.findByRole('heading', { name: 'Choose a new password' });
    type(/^New password/, 'brand-new-1');
    type(/^Confirm new password/, 'brand-new-1');
    fireEvent.click(screen.getByRole('checkbox', { name: /Also remove all my passkeys/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));

    await waitFor(() =>
      expect(resetPassword).toHaveBeenCalledWith({
        token: 'old-style',
        newPassword: 'brand-new-1',
        confirmPassword: 'brand-new-1',
        removePasskeys: true,
      }),
    );
  });

  it('shows the server’s message for a used or expired link', async () => {
    const resetPassword = jest.fn(async () =>
      Promise.reject(
        new ApiError({ kind: 'http', status: 400, message: 'This password reset link is invalid or has expired' }),
      ),
    );
    renderAt('/reset-password?token=old', { resetPassword });
    await screen.findByRole('heading', { name: 'Choose a new password' });
    type(/^New password/, 'brand-new-1');
    type(/^Confirm new password/, 'brand-new-1');
    fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('This password reset link is invalid or has expired');
  });

  it('says a link without a token is invalid, with the button off', async () => {
    renderAt('/reset-password', { resetPassword: jest.fn() });

    expect(await screen.findByRole('alert')).toHaveTextContent('This password reset link is invalid or has expired');
    expect(screen.getByRole('button', { name: 'Set new password' })).toBeDisabled();
  });
});

describe('VerifyEmailPage', () => {
  it('confirms the address once on opening', async () => {
    const verifyEmail = jest.fn(async () => undefined);
    renderAt('/verify-email#token=v', { verifyEmail });

    expect(await screen.findByText('Your email has been verified')).toBeInTheDocument();
    expect(verifyEmail).toHaveBeenCalledTimes(1);
    expect(verifyEmail).toHaveBeenCalledWith('v');
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  });

  it('shows why a link did not work', async () => {
    renderAt('/verify-email?token=v', {
      verifyEmail: jest.fn(async () =>
        Promise.reject(
          new ApiError({ kind: 'http', status: 400, message: 'This verification link is invalid or has expired' }),
        ),
      ),
    });

    expect(await screen.findByText('This verification link is invalid or has expired')).toBeInTheDocument();
  });
});
