import type { CreatedPersonalAccessToken, PersonalAccessToken, Webhook } from '@memories/contracts';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AccessTokensCard } from './components/AccessTokensCard';
import { WebhooksCard } from './components/WebhooksCard';

const token: PersonalAccessToken = {
  id: 't1',
  name: 'Nightly backup',
  scope: 'read',
  createdAt: '2026-03-01T10:00:00.000Z',
  expiresAt: null,
  lastUsedAt: '2026-03-02T10:00:00.000Z',
};
const created: CreatedPersonalAccessToken = {
  ...token,
  id: 't2',
  name: 'Voice notes',
  scope: 'write',
  token: 'mem_pat_secret',
};

function tokensApi() {
  const listTokens = jest.fn<Promise<PersonalAccessToken[]>, []>().mockResolvedValue([token]);
  return {
    listTokens,
    createToken: jest.fn(async () => ({ data: created, message: 'Token created.' })),
    revokeToken: jest.fn(async () => ({ data: null, message: 'Token revoked.' })),
  };
}

const failing: Webhook = {
  id: 'w1',
  url: 'https://hooks.example.com/memories',
  events: ['memory.created'],
  enabled: false,
  disabledReason: 'failing',
  createdAt: '2026-03-01T10:00:00.000Z',
};

function webhooksApi() {
  return {
    listWebhooks: jest.fn(async () => [failing]),
    createWebhook: jest.fn(async () => ({ data: { ...failing, id: 'w2', secret: 'whsec_abc' }, message: 'Added' })),
    updateWebhook: jest.fn(async () => ({ data: { ...failing, enabled: true, disabledReason: null } })),
    deleteWebhook: jest.fn(async () => ({ data: null })),
    testWebhook: jest.fn(async () => ({ data: {} as never, message: 'Test delivery sent.' })),
    webhookDeliveries: jest.fn(async () => []),
  };
}

describe('Settings → Developer', () => {
  it('lists tokens with their scope and last use, and shows a new token once with its copy button', async () => {
    const api = tokensApi();
    render(<AccessTokensCard api={api} />);

    const [item] = await screen.findAllByTestId('token');
    expect(within(item).getByText('Nightly backup')).toBeInTheDocument();
    expect(within(item).getByText(/^Read only · created .+ · last used .+ · never expires$/)).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText(/Token name/), { target: { value: 'Voice notes' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create token' }));

    const secret = await screen.findByTestId('shown-once-secret');
    expect(within(secret).getByText('Your new token “Voice notes”')).toBeInTheDocument();
    expect(within(secret).getByRole('textbox', { name: 'Token' })).toHaveValue('mem_pat_secret');
    expect(api.createToken).toHaveBeenCalledWith({ name: 'Voice notes', scope: 'read', expiresInDays: 90 });
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByTestId('shown-once-secret')).not.toBeInTheDocument();
  });

  it('revokes a token only after the confirm dialog', async () => {
    const api = tokensApi();
    render(<AccessTokensCard api={api} />);

    fireEvent.click(await screen.findByRole('button', { name: 'Revoke Nightly backup' }));
    expect(api.revokeToken).not.toHaveBeenCalled();
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke' }));

    expect(await screen.findByText('Token revoked.')).toBeInTheDocument();
    expect(api.revokeToken).toHaveBeenCalledWith('t1');
  });

  it('says why the instance turned a webhook off, and turns it on again', async () => {
    const api = webhooksApi();
    render(<WebhooksCard api={api} />);

    expect(await screen.findByText(/Turned off because deliveries kept failing for a day/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('switch', { name: 'Active' }));

    await waitFor(() => expect(api.updateWebhook).toHaveBeenCalledWith({ id: 'w1', enabled: true }));
  });
});
