import { createApiClient } from '../api-client';
import { ApiError } from '../api-error';
import { createAccountSecurityApi, type AccountSecurityApi } from './account-security-api';

interface Seen {
  method?: string;
  url?: string;
  body?: unknown;
}

/** A gateway that answers every call with `answer`, remembering what it was asked. */
function apiAnswering(answer: { status: number; body: unknown }) {
  const seen: Seen = {};
  const fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    Object.assign(seen, {
      method: init?.method,
      url: String(input),
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    });
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  return { api: createAccountSecurityApi(createApiClient({ fetch })), seen };
}

describe('account security api', () => {
  it.each<[string, (api: AccountSecurityApi) => Promise<unknown>, Seen]>([
    ['listSessions', (api) => api.listSessions(), { method: 'GET', url: '/api/auth/sessions', body: undefined }],
    [
      'revokeSession',
      (api) => api.revokeSession('s/1'),
      { method: 'DELETE', url: '/api/auth/sessions/s%2F1', body: undefined },
    ],
    [
      'revokeOtherSessions',
      (api) => api.revokeOtherSessions(),
      { method: 'POST', url: '/api/auth/sessions/revoke-others', body: undefined },
    ],
    [
      'twoFactorStatus',
      (api) => api.twoFactorStatus(),
      { method: 'GET', url: '/api/auth/two-factor', body: undefined },
    ],
    [
      'setUpTwoFactor',
      (api) => api.setUpTwoFactor('pw'),
      { method: 'POST', url: '/api/auth/two-factor/setup', body: { password: 'pw' } },
    ],
    [
      'enableTwoFactor',
      (api) => api.enableTwoFactor('123456'),
      { method: 'POST', url: '/api/auth/two-factor/enable', body: { code: '123456' } },
    ],
    [
      'listLinkedIdentities',
      (api) => api.listLinkedIdentities(),
      { method: 'GET', url: '/api/auth/identities', body: undefined },
    ],
    [
      'linkIdentity',
      (api) => api.linkIdentity('pw'),
      { method: 'POST', url: '/api/auth/oidc/link', body: { password: 'pw' } },
    ],
    [
      'unlinkIdentity',
      (api) => api.unlinkIdentity('i/1'),
      { method: 'DELETE', url: '/api/auth/identities/i%2F1', body: undefined },
    ],
    [
      'disableTwoFactor',
      (api) => api.disableTwoFactor('pw'),
      { method: 'POST', url: '/api/auth/two-factor/disable', body: { password: 'pw' } },
    ],
    [
      'replaceRecoveryCodes',
      (api) => api.replaceRecoveryCodes('pw'),
      { method: 'POST', url: '/api/auth/two-factor/recovery-codes', body: { password: 'pw' } },
    ],
    ['listPasskeys', (api) => api.listPasskeys(), { method: 'GET', url: '/api/auth/passkeys', body: undefined }],
    [
      'passkeyRegistrationOptions',
      (api) => api.passkeyRegistrationOptions('pw'),
      { method: 'POST', url: '/api/auth/passkeys/registration-options', body: { password: 'pw' } },
    ],
    [
      'registerPasskey',
      (api) => api.registerPasskey({ challengeId: 'c', response: { id: 'x' }, name: 'Laptop' }),
      { method: 'POST', url: '/api/auth/passkeys', body: { challengeId: 'c', response: { id: 'x' }, name: 'Laptop' } },
    ],
    ['removePasskey', (api) => api.removePasskey('p1'), { method: 'DELETE', url: '/api/auth/passkeys/p1', body: {} }],
    [
      'removePasskey with the password',
      (api) => api.removePasskey('p1', 'pw'),
      { method: 'DELETE', url: '/api/auth/passkeys/p1', body: { password: 'pw' } },
    ],
  ])('%s sends its method, path and body', async (_name, call, expected) => {
    const { api, seen } = apiAnswering({ status: 200, body: { success: true, data: null } });

    await call(api);

    expect(seen).toEqual(expected);
  });

  it('answers the data, with the server message where the screen shows it', async () => {
    const { api } = apiAnswering({
      status: 200,
      body: { success: true, data: { recoveryCodes: ['a'] }, message: 'Two-factor sign-in is on.' },
    });

    await expect(api.enableTwoFactor('123456')).resolves.toEqual({
      data: { recoveryCodes: ['a'] },
      message: 'Two-factor sign-in is on.',
    });
  });

  it('rejects with the server message, or its fallback when there is none', async () => {
    const withMessage = apiAnswering({
      status: 400,
      body: { success: false, message: 'Current password is incorrect', error: { code: 'X' } },
    }).api;
    const without = apiAnswering({ status: 500, body: { success: false } }).api;

    await expect(withMessage.disableTwoFactor('nope')).rejects.toMatchObject({
      status: 400,
      message: 'Current password is incorrect',
    });
    const failure = await without.listSessions().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).message).toBe('Could not load your signed-in devices');
  });
});
