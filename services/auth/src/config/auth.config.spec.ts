import { loadAuthConfig } from './auth.config';

describe('auth service configuration', () => {
  it('listens on port 3001 for its probes unless PORT says otherwise', () => {
    expect(loadAuthConfig({ DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/memories' }).PORT).toBe(3001);
  });

  it('refuses to start without a DATABASE_URL, naming it', () => {
    expect(() => loadAuthConfig({})).toThrow('DATABASE_URL');
  });
});
