import type { AccountSession } from '@memories/contracts';
import { ApiError } from '@memories/web-api-client';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { SessionsSection } from './SessionsSection';

const sessions: AccountSession[] = [
  {
    id: 's1',
    browser: 'Chrome on Linux',
    createdAt: '2026-03-01T10:00:00.000Z',
    lastUsedAt: '2026-03-02T10:00:00.000Z',
    current: true,
  },
  {
    id: 's2',
    browser: 'Safari on iOS',
    createdAt: '2026-02-01T10:00:00.000Z',
    lastUsedAt: '2026-02-03T10:00:00.000Z',
    current: false,
  },
];

function fakeApi(list: AccountSession[][] = [sessions, sessions.slice(0, 1)]) {
  const listSessions = jest.fn<Promise<AccountSession[]>, []>();
  for (const answer of list) listSessions.mockResolvedValueOnce(answer);
  return {
    listSessions,
    revokeSession: jest.fn(async () => ({ data: null, message: 'That device has been signed out.' })),
    revokeOtherSessions: jest.fn(async () => ({
      data: { signedOut: 1 },
      message: 'Every other device has been signed out.',
    })),
  };
}

describe('SessionsSection', () => {
  it('lists each device with its browser and dates, marking this one', async () => {
    render(<SessionsSection api={fakeApi()} />);

    const items = await screen.findAllByTestId('session');
    expect(items).toHaveLength(2);
    expect(within(items[0]).getByText('Chrome on Linux')).toBeInTheDocument();
    expect(within(items[0]).getByText('This device')).toBeInTheDocument();
    expect(within(items[0]).queryByRole('button', { name: /Sign out/ })).not.toBeInTheDocument();
    expect(within(items[1]).getByText(/^Signed in .+ · Last used .+/)).toBeInTheDocument();
  });

  it('signs out one other device, says so and lists what is left', async () => {
    const api = fakeApi();
    render(<SessionsSection api={api} />);

    fireEvent.click(await screen.findByRole('button', { name: /^Sign out Safari on iOS, signed in / }));

    expect(await screen.findByText('That device has been signed out.')).toBeInTheDocument();
    expect(api.revokeSession).toHaveBeenCalledWith('s2');
    await waitFor(() => expect(screen.getAllByTestId('session')).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Sign out of all other devices' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  });

  it('signs out every other device', async () => {
    const api = fakeApi();
    render(<SessionsSection api={api} />);
    await screen.findAllByTestId('session');

    fireEvent.click(screen.getByRole('button', { name: 'Sign out of all other devices' }));

    expect(await screen.findByText('Every other device has been signed out.')).toBeInTheDocument();
    expect(api.revokeOtherSessions).toHaveBeenCalledTimes(1);
  });

  it('shows why the list could not load', async () => {
    const api = fakeApi([]);
    api.listSessions.mockRejectedValueOnce(
      new ApiError({ kind: 'network', status: 0, message: 'Network error. Please check your connection.' }),
    );
    render(<SessionsSection api={api} />);

    expect(await screen.findByRole('alert')).toHaveTextContent('Network error. Please check your connection.');
  });
});
