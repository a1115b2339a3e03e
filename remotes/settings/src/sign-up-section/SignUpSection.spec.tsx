import type { CreateInvitePayload, CreatedInvite, InviteSummary, SignupMode } from '@memories/contracts';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { SignUpSection } from './SignUpSection';

const pending: InviteSummary = {
  id: 'i1',
  email: 'grace@example.com',
  createdAt: '2026-03-01T10:00:00.000Z',
  expiresAt: '2026-03-08T10:00:00.000Z',
};
const created: CreatedInvite = {
  id: 'i2',
  email: null,
  createdAt: '2026-03-02T10:00:00.000Z',
  expiresAt: '2026-03-04T10:00:00.000Z',
  url: 'https://memories.test/register#invite=abc',
  token: 'abc',
  mailed: false,
};

function fakeApi() {
  let invites = [pending];
  return {
    settings: jest.fn(async () => ({ signupMode: 'invite' as SignupMode })),
    updateSettings: jest.fn(async (signupMode: SignupMode) => ({
      data: { signupMode },
      message: 'Sign-up settings saved',
    })),
    invites: jest.fn(async () => invites),
    createInvite: jest.fn(async (_payload: CreateInvitePayload) => {
      invites = [created, ...invites];
      return { data: created, message: 'Invite created' };
    }),
    revokeInvite: jest.fn(async (id: string) => {
      invites = invites.filter((invite) => invite.id !== id);
      return { data: null, message: 'Invite revoked' };
    }),
  };
}

describe('SignUpSection', () => {
  it('shows the sign-up mode and saves another one as soon as it is chosen', async () => {
    const api = fakeApi();
    render(<SignUpSection api={api} />);

    const modes = await screen.findByRole('radiogroup', { name: 'Sign-up mode' });
    expect(within(modes).getByRole('radio', { name: /^By invite/ })).toBeChecked();
    fireEvent.click(within(modes).getByRole('radio', { name: /^Closed/ }));

    await waitFor(() => expect(api.updateSettings).toHaveBeenCalledWith('closed'));
    expect(await screen.findByText('Sign-up settings saved')).toBeInTheDocument();
    expect(within(modes).getByRole('radio', { name: /^Closed/ })).toBeChecked();
  });

  it('creates an invite, shows its link once to copy, and lists it as pending', async () => {
    const api = fakeApi();
    const writeText = jest.fn(async () => undefined);
    Object.assign(navigator, { clipboard: { writeText } });
    render(<SignUpSection api={api} />);
    await screen.findByTestId('pending-invites');

    fireEvent.change(screen.getByRole('textbox', { name: 'Valid for (days)' }), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create invite' }));

    const link = await screen.findByTestId('shown-once-secret');
    expect(api.createInvite).toHaveBeenCalledWith({ expiresInDays: 2 });
    expect(within(link).getByRole('textbox', { name: 'Invite link' })).toHaveValue(created.url);
    fireEvent.click(within(link).getByRole('button', { name: 'Copy' }));
    expect(await within(link).findByText('Copied.')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(created.url);
    expect(await screen.findByText('Anyone with the link')).toBeInTheDocument();
  });

  it('refuses an expiry that is not a whole number of days, and sends nothing', async () => {
    const api = fakeApi();
    render(<SignUpSection api={api} />);
    await screen.findByTestId('pending-invites');

    fireEvent.change(screen.getByRole('textbox', { name: 'Valid for (days)' }), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create invite' }));

    expect(screen.getByRole('textbox', { name: 'Valid for (days)' })).toHaveAccessibleDescription(/from 1 to 90/);
    expect(api.createInvite).not.toHaveBeenCalled();
  });

  it('revokes a pending invite once the confirm dialog says so', async () => {
    const api = fakeApi();
    render(<SignUpSection api={api} />);

    fireEvent.click(await screen.findByRole('button', { name: 'Revoke the invite for grace@example.com' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Revoke this invite?' }, { timeout: 15_000 });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));

    await waitFor(() => expect(api.revokeInvite).toHaveBeenCalledWith('i1'));
    expect(await screen.findByText('No invite is waiting to be used.')).toBeInTheDocument();
  }, 30_000);
});
