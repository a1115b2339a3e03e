import type { UserSummary } from '@memories/contracts';
import { memoriesApi, usersApi } from '@memories/web-api-client';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { ShareDialog } from './ShareDialog';

jest.mock('@memories/web-api-client', () => ({
  ...jest.requireActual('@memories/web-api-client'),
  memoriesApi: { recipients: jest.fn(), share: jest.fn(), unshare: jest.fn() },
  usersApi: { findByEmail: jest.fn() },
}));
const memories = jest.mocked(memoriesApi);
const users = jest.mocked(usersApi);

const owner: UserSummary = { id: 'u-owner', name: 'Olive Owner', email: 'olive@example.com', profileImageUrl: null };
const rita: UserSummary = { id: 'u-rita', name: 'Rita Recipient', email: 'rita@example.com', profileImageUrl: null };
const fern: UserSummary = { id: 'u-fern', name: 'Fern Friend', email: 'fern@example.com', profileImageUrl: null };

function open(onChanged = jest.fn()) {
  render(<ShareDialog memoryId="m1" title="Boat trip" ownerId={owner.id} onClose={jest.fn()} onChanged={onChanged} />);
  return onChanged;
}

async function find(email: string) {
  fireEvent.change(screen.getByLabelText('Their e-mail address'), { target: { value: email } });
  // The look-up answers at once here: inside act, so its answer is drawn before the test reads the dialog.
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Find' })));
}

describe('ShareDialog', () => {
  beforeEach(() => {
    memories.recipients.mockResolvedValue([rita]);
  });

  it('lists who the memory is shared with', async () => {
    open();

    expect(await screen.findByRole('list', { name: 'Shared with' })).toHaveTextContent('Rita Recipient');
  });

  it.each([
    [
      'an address without an account',
      null,
      'fern@example.com',
      'Nobody can receive shares at this address yet: no account uses it, or its owner has not confirmed it.',
    ],
    ['the owner’s own address', owner, owner.email, 'That is your own address'],
    ['someone it is already shared with', rita, rita.email, 'This memory is already shared with them.'],
  ])('refuses %s without sharing anything', async (_case, found, email, message) => {
    users.findByEmail.mockResolvedValue(found);
    open();
    await screen.findByRole('list', { name: 'Shared with' });

    await find(email);

    expect(await screen.findByText(new RegExp(message))).toBeInTheDocument();
    expect(memories.share).not.toHaveBeenCalled();
  });

  it('shows whose account it is first, then shares and lists them', async () => {
    users.findByEmail.mockResolvedValue(fern);
    memories.share.mockResolvedValue('Memory shared successfully');
    const onChanged = open();
    await screen.findByRole('list', { name: 'Shared with' });

    await find(' fern@example.com ');
    fireEvent.click(await screen.findByRole('button', { name: 'Share with Fern' }));

    expect(
      await within(screen.getByRole('list', { name: 'Shared with' })).findByText('Fern Friend'),
    ).toBeInTheDocument();
    expect(users.findByEmail).toHaveBeenCalledWith('fern@example.com');
    expect(memories.share).toHaveBeenCalledWith('m1', [fern.id]);
    expect(onChanged).toHaveBeenCalled();
  });

  it('takes a share back', async () => {
    memories.unshare.mockResolvedValue('Sharing stopped successfully');
    open();

    fireEvent.click(await screen.findByRole('button', { name: 'Stop sharing with Rita Recipient' }));

    expect(await screen.findByText('Nobody yet: only you can see this memory.')).toBeInTheDocument();
    expect(memories.unshare).toHaveBeenCalledWith('m1', rita.id);
  });
});
