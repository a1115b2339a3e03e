import type { LinkedIdentity, SignInOptions } from '@memories/contracts';
import { ApiError } from '@memories/web-api-client';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { LinkedSignInCard, type LinkedSignInCardProps } from './LinkedSignInCard';

// The app's one confirm dialog is a lazy chunk: its first load compiles MUI's dialog modules, slow on a busy runner.
const findConfirmDialog = (name: string) => screen.findByRole('alertdialog', { name }, { timeout: 15_000 });

const familyId = { displayName: 'Family ID', available: true, startUrl: 'http://localhost:3000/api/auth/oidc/start' };
const withProvider: SignInOptions = { passwordLogin: true, singleSignOn: familyId };
const linked: LinkedIdentity = {
  id: 'identity-1',
  provider: 'Family ID',
  issuer: 'https://id.example.com',
  email: 'ada@example.com',
  linkedAt: '2026-01-02T10:00:00.000Z',
  lastUsedAt: null,
  usable: true,
};

function renderCard(props: LinkedSignInCardProps, path = '/settings/security') {
  const router = createMemoryRouter([{ path: '/settings/security', element: <LinkedSignInCard {...props} /> }], {
    initialEntries: [path],
  });
  render(<RouterProvider router={router} />);
  return router;
}

const apiWith = (identities: LinkedIdentity[], overrides: Partial<Required<LinkedSignInCardProps>['api']> = {}) => ({
  listLinkedIdentities: jest.fn(async () => identities),
  linkIdentity: jest.fn(async () => ({ authorizationUrl: 'https://id.example.com/authorize?state=s' })),
  unlinkIdentity: jest.fn(async () => ({ data: null, message: 'Single sign-on unlinked.' })),
  ...overrides,
});
const optionsOf = (options: SignInOptions) => ({ signInOptions: jest.fn(async () => options) });

describe('LinkedSignInCard', () => {
  it('links the provider: the browser goes to it, the password asked first where the account has one', async () => {
    const leaveFor = jest.fn();
    const linkIdentity = jest
      .fn()
      .mockRejectedValueOnce(
        new ApiError({
          kind: 'http',
          status: 400,
          code: 'PASSWORD_CONFIRMATION_INVALID',
          message: 'Enter your password to confirm.',
        }),
      )
      .mockRejectedValueOnce(
        new ApiError({
          kind: 'http',
          status: 400,
          code: 'CURRENT_PASSWORD_INVALID',
          message: 'Current password is incorrect',
        }),
      )
      .mockResolvedValueOnce({ authorizationUrl: 'https://id.example.com/authorize?state=s' });
    renderCard({ api: apiWith([], { linkIdentity }), signInApi: optionsOf(withProvider), leaveFor });

    fireEvent.click(await screen.findByRole('button', { name: 'Link Family ID' }));
    await findConfirmDialog('Link Family ID?');
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Current password is incorrect')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'secret1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));

    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith('https://id.example.com/authorize?state=s'));
    expect(linkIdentity.mock.calls).toEqual([[undefined], ['wrong'], ['secret1']]);
  });

  it('lists the linked provider, and unlinks it after the confirm dialog', async () => {
    const listLinkedIdentities = jest.fn().mockResolvedValueOnce([linked]).mockResolvedValueOnce([]);
    const api = apiWith([linked], { listLinkedIdentities });
    renderCard({ api, signInApi: optionsOf(withProvider) });

    expect(await screen.findByText('Family ID (ada@example.com)')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Link Family ID' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Unlink Family ID' }));
    await findConfirmDialog('Unlink Family ID?');
    fireEvent.click(screen.getByRole('button', { name: 'Unlink' }));

    expect(await screen.findByText('Single sign-on unlinked.')).toBeInTheDocument();
    expect(api.unlinkIdentity).toHaveBeenCalledWith('identity-1');
    expect(await screen.findByRole('button', { name: 'Link Family ID' })).toBeInTheDocument();
  });

  it('shows the server’s refusal to unlink the only way in, in the dialog', async () => {
    const unlinkIdentity = jest.fn(async () =>
      Promise.reject(
        new ApiError({
          kind: 'http',
          status: 409,
          code: 'LAST_SIGN_IN_METHOD_CONFLICT',
          message: 'This is the only way into your account.',
        }),
      ),
    );
    renderCard({ api: apiWith([linked], { unlinkIdentity }), signInApi: optionsOf(withProvider) });

    fireEvent.click(await screen.findByRole('button', { name: 'Unlink Family ID' }));
    await findConfirmDialog('Unlink Family ID?');
    fireEvent.click(screen.getByRole('button', { name: 'Unlink' }));

    expect(await screen.findByText('This is the only way into your account.')).toBeInTheDocument();
  });

  it('says what the provider’s redirect back said, once', async () => {
    const router = renderCard(
      { api: apiWith([linked]), signInApi: optionsOf(withProvider) },
      '/settings/security?ssoError=LINKED_IDENTITY_ALREADY_EXISTS',
    );

    expect(
      await screen.findByText('This sign-in of your identity provider is already linked to another account.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('is not shown where the instance has no single sign-on and the account no link', async () => {
    const api = apiWith([]);
    const signInApi = optionsOf({ passwordLogin: true, singleSignOn: null });
    renderCard({ api, signInApi });

    await waitFor(() => expect(signInApi.signInOptions).toHaveBeenCalled());
    await waitFor(() => expect(screen.queryByText('Linked sign-in')).not.toBeInTheDocument());
    expect(screen.queryByText(/Loading linked sign-in/)).not.toBeInTheDocument();
  });
});
