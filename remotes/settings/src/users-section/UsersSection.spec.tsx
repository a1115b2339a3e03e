import type { AdminUser, AdminUserQuery, AdminUserUpdate } from '@memories/contracts';
import { ApiError } from '@memories/web-api-client';
import { SessionProvider } from '@memories/web-session';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { signedInStore, testUser } from '../testing/signed-in-store';
import { UsersSection } from './UsersSection';

const ada: AdminUser = {
  id: testUser.id,
  email: 'ada@example.com',
  name: 'Ada Lovelace',
  role: 'admin',
  disabled: false,
  emailVerified: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  lastActiveAt: '2026-03-01T00:00:00.000Z',
  memoryCount: 12,
  storageBytes: 3_400_000,
  storageQuotaMb: null,
};
const grace: AdminUser = {
  ...ada,
  id: 'u2',
  email: 'grace@example.com',
  name: 'Grace Hopper',
  role: 'member',
  emailVerified: false,
  lastActiveAt: null,
  memoryCount: 1,
  storageBytes: 50_000_000,
  storageQuotaMb: 100,
};
const pagination = {
  currentPage: 0,
  pageSize: 20,
  totalPages: 1,
  totalElements: 2,
  hasPrevious: false,
  hasNext: false,
};

function fakeApi(
  update: (id: string, changes: AdminUserUpdate) => Promise<AdminUser> = async (id, changes) => ({
    ...(id === ada.id ? ada : grace),
    ...changes,
    ...(changes.storageQuotaMb === undefined ? {} : { storageQuotaMb: changes.storageQuotaMb }),
  }),
) {
  return {
    users: jest.fn(async (query: AdminUserQuery) => ({
      users: [ada, grace].filter((user) => !query.q || user.email.includes(query.q)),
      pagination,
    })),
    updateUser: jest.fn(async (id: string, changes: AdminUserUpdate) => ({
      data: await update(id, changes),
      message: 'Account updated',
    })),
  };
}

function renderUsers(api = fakeApi()) {
  render(
    <SessionProvider store={signedInStore({ ...testUser, role: 'admin' })}>
      <UsersSection api={api} />
    </SessionProvider>,
  );
  return api;
}

const card = async (name: string) =>
  (await screen.findAllByTestId('admin-user')).find((item) => within(item).queryByText(new RegExp(`^${name}`)))!;

describe('UsersSection', () => {
  it('lists every account with its role, state, activity, memories and storage', async () => {
    renderUsers();

    const you = await card('Ada Lovelace');
    const other = await card('Grace Hopper');
    expect(within(you).getByText('Ada Lovelace (you)')).toBeInTheDocument();
    expect(within(you).getByText('Admin', { selector: '.MuiChip-label' })).toBeInTheDocument();
    expect(within(you).getByRole('combobox', { name: /^Role/ })).toHaveTextContent('Admin');
    expect(within(you).getByText(/12 memories · 3\.4 MB used, no limit$/)).toBeInTheDocument();
    expect(within(other).getByText('Address not confirmed')).toBeInTheDocument();
    expect(within(other).getByText(/never signed in · 1 memory · 50 MB of 100 MB used$/)).toBeInTheDocument();
  });

  it('searches by name or e-mail as the admin types', async () => {
    const api = renderUsers();
    await card('Grace Hopper');

    jest.useFakeTimers();

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search by name or e-mail' }), {
      target: { value: ' grace ' },
    });
    expect(api.users).toHaveBeenCalledTimes(1);
    // Once typing has paused.
    act(() => jest.advanceTimersByTime(300));
    jest.useRealTimers();

    expect(api.users).toHaveBeenLastCalledWith({ page: 0, size: 20, q: 'grace' }, expect.anything());
    await waitFor(() => expect(screen.getAllByTestId('admin-user')).toHaveLength(1));
  });

  it('disables an account only once the confirm dialog says so', async () => {
    const api = renderUsers();
    fireEvent.click(within(await card('Grace Hopper')).getByRole('button', { name: 'Disable Grace Hopper' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Disable Grace Hopper?' }, { timeout: 15_000 });
    expect(api.updateUser).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Disable' }));

    await waitFor(() => expect(api.updateUser).toHaveBeenCalledWith('u2', { disabled: true }));
    expect(await within(await card('Grace Hopper')).findByText('Disabled')).toBeInTheDocument();
    expect(screen.getByText('Account updated')).toBeInTheDocument();
  }, 30_000);

  it('sets and removes a quota, and refuses one that is not a whole number of MB', async () => {
    const api = renderUsers();
    const other = await card('Grace Hopper');
    const field = within(other).getByRole('textbox', { name: 'Storage quota in MB for Grace Hopper' });

    fireEvent.change(field, { target: { value: '2.5' } });
    fireEvent.click(within(other).getByRole('button', { name: 'Save the storage quota of Grace Hopper' }));
    expect(field).toHaveAccessibleDescription(/whole number of MB/);
    fireEvent.change(field, { target: { value: '' } });
    fireEvent.click(within(other).getByRole('button', { name: 'Save the storage quota of Grace Hopper' }));

    await waitFor(() => expect(api.updateUser).toHaveBeenCalledWith('u2', { storageQuotaMb: null }));
    expect(await within(await card('Grace Hopper')).findByText(/50 MB used, no limit$/)).toBeInTheDocument();
  });

  it('keeps the quota field, and its focus, when Enter in it saved a new quota', async () => {
    const api = renderUsers();
    const other = await card('Grace Hopper');
    const field = within(other).getByRole('textbox', { name: 'Storage quota in MB for Grace Hopper' });

    act(() => field.focus());
    fireEvent.change(field, { target: { value: '300' } });
    fireEvent.submit(field.closest('form') as HTMLFormElement);

    await waitFor(() => expect(api.updateUser).toHaveBeenCalledWith('u2', { storageQuotaMb: 300 }));
    expect(await within(await card('Grace Hopper')).findByText(/of 300 MB/)).toBeInTheDocument();
    expect(field).toBeInTheDocument();
    expect(field).toHaveFocus();
    expect(field).toHaveValue('300');
  });

  it('shows why a change was refused (the last admin)', async () => {
    renderUsers(
      fakeApi(async () => {
        throw new ApiError({ kind: 'http', status: 409, message: 'This instance needs an administrator.' });
      }),
    );
    const you = await card('Ada Lovelace');

    fireEvent.mouseDown(within(you).getByRole('combobox', { name: /^Role/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Member' }));

    expect(await screen.findByText('This instance needs an administrator.')).toBeInTheDocument();
    expect(within(you).getByRole('combobox', { name: /^Role/ })).toHaveTextContent('Admin');
  });
});
