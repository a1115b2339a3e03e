import { scopeAllows, tokenScopeOf } from './token-routes';

describe('the routes a personal access token may call', () => {
  it('finds a route by its template however its parameters are written', () => {
    expect(tokenScopeOf('get', '/api/memories/:id')).toBe('read');
    expect(tokenScopeOf('PUT', '/api/memories/{id}')).toBe('write');
    expect(tokenScopeOf('GET', '/api/memories/memory/:id/versions/:versionId')).toBe('read');
    expect(tokenScopeOf('GET', '/api/export/{exportId}')).toBe('read');
    expect(tokenScopeOf('GET', '/api/upload/usage')).toBe('read');
  });

  it.each([
    ['GET', '/api/tokens'],
    ['POST', '/api/tokens'],
    ['DELETE', '/api/tokens/:id'],
    ['POST', '/api/webhooks'],
    ['PUT', '/api/auth/change-password'],
    ['POST', '/api/auth/two-factor/disable'],
    ['POST', '/api/auth/passkeys'],
    ['POST', '/api/auth/sessions/revoke-others'],
    ['DELETE', '/api/users/:id'],
    ['GET', '/api/auth/profile'],
    ['PUT', '/api/settings/reminders'],
    ['POST', '/api/settings/reminders/devices'],
    ['GET', '/api/admin/settings'],
    ['PUT', '/api/admin/settings'],
    ['GET', '/api/admin/invites'],
    ['POST', '/api/admin/invites'],
    ['DELETE', '/api/admin/invites/:id'],
    ['GET', '/api/admin/users'],
    ['PATCH', '/api/admin/users/:id'],
  ])('lets no token call %s %s', (method, path) => {
    expect(tokenScopeOf(method, path)).toBeUndefined();
  });

  it('lets a write token read and write, a read token only read', () => {
    expect(scopeAllows('write', 'write')).toBe(true);
    expect(scopeAllows('write', 'read')).toBe(true);
    expect(scopeAllows('read', 'read')).toBe(true);
    expect(scopeAllows('read', 'write')).toBe(false);
  });
});
