import { statementName } from './named-statement';

describe('statementName', () => {
  it('gives one text the same name every time, and different texts different names', () => {
    const byId = 'SELECT * FROM memory.memories m WHERE m.id = $1';
    expect(statementName(byId)).toBe(statementName(`${byId}`));
    expect(statementName(byId)).not.toBe(statementName(`${byId} AND m.is_draft`));
  });

  it('is short enough for PostgreSQL to keep whole (63 bytes)', () => {
    expect(statementName('SELECT 1')).toMatch(/^[A-Za-z0-9_-]{1,63}$/);
  });
});
