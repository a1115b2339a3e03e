import { loadMemoryConfig } from './memory.config';

describe('memory service configuration', () => {
  it('listens on port 3002 for its probes unless PORT says otherwise', () => {
    expect(loadMemoryConfig({ DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/memories' }).PORT).toBe(3002);
  });

  it('refuses to start without a DATABASE_URL, naming it', () => {
    expect(() => loadMemoryConfig({})).toThrow('DATABASE_URL');
  });
});
