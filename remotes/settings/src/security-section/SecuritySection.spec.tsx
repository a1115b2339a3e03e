import type { PasskeySummary, TwoFactorStatus } from '@memories/contracts';
import { ApiError } from '@memories/web-api-client';
import { SessionProvider } from '@memories/web-session';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { signedInStore } from '../testing/signed-in-store';
import { ChangePasswordCard } from './components/ChangePasswordCard';
import { EmailVerificationCard } from './components/EmailVerificationCard';
import { PasskeysCard } from './components/PasskeysCard';
import { TwoFactorCard } from './components/TwoFactorCard';

const type = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
// The app's one confirm dialog is a lazy chunk: its first load compiles MUI's dialog modules, slow on a busy runner.
const findConfirmDialog = (name: string) => screen.findByRole('alertdialog', { name }, { timeout: 15_000 });

describe('ChangePasswordCard', () => {
  it('checks the fields with the register rules before sending, then says the other devices are signed out', async () => {
    const api = { changePassword: jest.fn(async () => undefined) };
    render(<ChangePasswordCard api={api} />);

    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(screen.getByText('Enter your current password.')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    type(/^Current password/, 'secret1');
    type(/^New password/, 'secret2');
    type(/^Confirm new password/, 'secret3');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(api.changePassword).not.toHaveBeenCalled();

    type(/^Confirm new password/, 'secret2');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));

    expect(
      await screen.findByText('Password changed successfully. Other devices have been signed out.'),
    ).toBeInTheDocument();
    expect(api.changePassword).toHaveBeenCalledWith({
      currentPassword: 'secret1',
      newPassword: 'secret2',
      confirmPassword: 'secret2',
    });
    expect(screen.getByLabelText(/^Current password/)).toHaveValue('');
  });

  it('shows the server’s answer to a wrong current password', async () => {
    const api = {
      changePassword: jest.fn(async () =>
        Promise.reject(new ApiError({ kind: 'http', status: 400, message: 'Current password is incorrect' })),
      ),
    };
    render(<ChangePasswordCard api={api} />);
    type(/^Current password/, 'nope');
    type(/^New password/, 'secret2');
    type(/^Confirm new password/, 'secret2');

    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Current password is incorrect');
  });
});

describe('TwoFactorCard', () => {
  function fakeApi(status: TwoFactorStatus) {
    return {
      twoFactorStatus: jest.fn(async () => status),
      setUpTwoFactor: jest.fn(async () => ({
        secret: 'JBSWY3DPEHPK3PXP',
        otpauthUrl: 'otpauth://totp/x',
        qrCodeDataUrl: 'data:image/svg+xml;base64,PHN2Zy8+',
      })),
      enableTwoFactor: jest.fn(async () => ({
        data: { recoveryCodes: ['aaaa-bbbb-cccc-dddd', 'eeee-ffff-gggg-hhhh'] },
        message: 'Two-factor sign-in is on.',
      })),
      disableTwoFactor: jest.fn(async () => ({
        data: { enabled: false, recoveryCodesLeft: 0 },
        message: 'Two-factor sign-in is off.',
      })),
      replaceRecoveryCodes: jest.fn(async () => ({ data: { recoveryCodes: ['x'] }, message: 'New codes.' })),
    };
  }

  it('is set up with the QR code and key, confirmed by a code, and shows the recovery codes once', async () => {
    const api = fakeApi({ enabled: false, recoveryCodesLeft: 0 });
    api.enableTwoFactor.mockRejectedValueOnce(
      new ApiError({ kind: 'http', status: 400, message: 'That code did not work.' }),
    );
    api.setUpTwoFactor.mockRejectedValueOnce(
      new ApiError({ kind: 'http', status: 400, message: 'Current password is incorrect' }),
    );
    render(<TwoFactorCard api={api} />);

    // An access token alone does not turn it on: the password comes first.
    fireEvent.click(await screen.findByRole('button', { name: 'Set up two-factor sign-in' }));
    const confirm = await findConfirmDialog('Set up two-factor sign-in');
    type(/^Password/, 'nope');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Continue' }));
    expect(await within(confirm).findByText('Current password is incorrect')).toBeInTheDocument();
    type(/^Password/, 'secret1');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Continue' }));
    expect(api.setUpTwoFactor).toHaveBeenLastCalledWith('secret1');
    expect(
      await screen.findByRole('img', { name: 'QR code to add Memories to your authenticator app' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('totp-secret')).toHaveTextContent('JBSWY3DPEHPK3PXP');
    type(/^Code from the app/, '000000');
    fireEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText('That code did not work.')).toBeInTheDocument();

    api.twoFactorStatus.mockResolvedValueOnce({ enabled: true, recoveryCodesLeft: 2 });
    type(/^Code from the app/, '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Turn on' }));

    const dialog = await screen.findByRole('dialog', { name: 'Your recovery codes' });
    expect(within(dialog).getByTestId('recovery-codes')).toHaveTextContent('aaaa-bbbb-cccc-dddd');
    expect(api.enableTwoFactor).toHaveBeenLastCalledWith('123456');
    fireEvent.click(within(dialog).getByRole('button', { name: 'I have saved them' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText(/^On\. .* 2 of 10 recovery codes left\./)).toBeInTheDocument();
  });

  it('is turned off only with the password', async () => {
    const api = fakeApi({ enabled: true, recoveryCodesLeft: 10 });
    api.disableTwoFactor.mockRejectedValueOnce(
      new ApiError({ kind: 'http', status: 400, message: 'Current password is incorrect' }),
    );
    render(<TwoFactorCard api={api} />);

    fireEvent.click(await screen.findByRole('button', { name: 'Turn off' }));
    const dialog = await findConfirmDialog('Turn off two-factor sign-in?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(within(dialog).getByText('Enter your password to confirm.')).toBeInTheDocument();
    type(/^Password/, 'nope');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(await within(dialog).findByText('Current password is incorrect')).toBeInTheDocument();
    type(/^Password/, 'secret1');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Turn off' }));

    expect(await screen.findByText('Two-factor sign-in is off.')).toBeInTheDocument();
    expect(api.disableTwoFactor).toHaveBeenLastCalledWith('secret1');
    expect(screen.getByRole('button', { name: 'Set up two-factor sign-in' })).toBeInTheDocument();
  });
});

describe('PasskeysCard', () => {
  const passkey = (id: string, name: string): PasskeySummary => ({
    id,
    name,
    createdAt: '2026-03-01T10:00:00.000Z',
    lastUsedAt: null,
  });

  function fakeApi(lists: PasskeySummary[][]) {
    const listPasskeys = jest.fn<Promise<PasskeySummary[]>, []>();
    for (const list of lists) listPasskeys.mockResolvedValueOnce(list);
    return {
      listPasskeys,
      passkeyRegistrationOptions: jest.fn(),
      registerPasskey: jest.fn(),
      removePasskey: jest.fn(async () => ({ data: null, message: 'Passkey removed.' })),
    };
  }

  it('removes one of several passkeys after a plain confirmation, and the last one only with the password', async () => {
    const api = fakeApi([[passkey('p1', 'Laptop'), passkey('p2', 'Phone')], [passkey('p2', 'Phone')], []]);
    render(<PasskeysCard api={api} />);

    expect(await screen.findByText('Laptop')).toBeInTheDocument();
    expect(screen.getAllByText(/Not used yet/)).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Remove Laptop' }));
    fireEvent.click(
      within(await findConfirmDialog('Remove the passkey "Laptop"?')).getByRole('button', { name: 'Remove' }),
    );
    expect(await screen.findByText('Passkey removed.')).toBeInTheDocument();
    expect(api.removePasskey).toHaveBeenLastCalledWith('p1', undefined);

    fireEvent.click(await screen.findByRole('button', { name: 'Remove Phone' }));
    const dialog = await findConfirmDialog('Remove the passkey "Phone"?');
    type(/^Password/, 'secret1');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));

    expect(await screen.findByText('You have no passkeys yet.')).toBeInTheDocument();
    expect(api.removePasskey).toHaveBeenLastCalledWith('p2', 'secret1');
  });

  it('says when the browser cannot use passkeys instead of offering to add one', async () => {
    render(<PasskeysCard api={fakeApi([[]])} />);

    expect(await screen.findByText('This browser cannot use passkeys.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add a passkey' })).not.toBeInTheDocument();
  });
});

describe('EmailVerificationCard', () => {
  it('offers a new confirmation link for an address not confirmed yet', async () => {
    const api = { resendVerification: jest.fn(async () => undefined) };
    render(
      <SessionProvider store={signedInStore()}>
        <EmailVerificationCard api={api} />
      </SessionProvider>,
    );

    fireEvent.click(screen.getByRole('button', { name: 'Send the confirmation link again' }));

    expect(
      await screen.findByText('If the account exists and is not verified yet, a new verification email has been sent.'),
    ).toBeInTheDocument();
    expect(api.resendVerification).toHaveBeenCalledWith('ada@example.com');
  });
});
