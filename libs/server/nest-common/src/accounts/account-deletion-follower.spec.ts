import { USER_SUBJECTS, type MessageContext } from '@memories/contracts';
import type { DataSource } from 'typeorm';
import type { BusClient } from '../bus/bus.client';
import { AccountDeletionFollower } from './account-deletion-follower';

class RecordingFollower extends AccountDeletionFollower {
  readonly purged: string[] = [];

  constructor(bus: BusClient, db: DataSource) {
    super(bus, db, 'memory');
  }

  async purge(userId: string, _context: MessageContext): Promise<void> {
    this.purged.push(userId);
  }
}

/** A table of one row, as PostgreSQL would keep it. */
function positionTable(start: number) {
  let position = start;
  const query = jest.fn(async (sql: string, values?: unknown[]) => {
    if (sql.startsWith('UPDATE')) position = Number(values?.[0]);
    return sql.startsWith('SELECT') ? [{ position: String(position) }] : [];
  });
  return { db: { query } as unknown as DataSource, position: () => position };
}

describe('AccountDeletionFollower', () => {
  it('purges every deletion after its position, page by page, and keeps the last position it handled', async () => {
    const table = positionTable(3);
    const pages = [
      [
        { position: 4, userId: 'a' },
        { position: 6, userId: 'b' },
      ],
      [{ position: 9, userId: 'c' }],
      [],
    ];
    const request = jest.fn(async () => ({ deletions: pages.shift() ?? [] }));
    const follower = new RecordingFollower({ request } as unknown as BusClient, table.db);

    await expect(follower.catchUp()).resolves.toBe(3);

    expect(follower.purged).toEqual(['a', 'b', 'c']);
    expect(table.position()).toBe(9);
    expect(request.mock.calls.map((call) => (call as unknown[])[1])).toEqual([
      { after: 3, limit: 100 },
      { after: 6, limit: 100 },
      { after: 9, limit: 100 },
    ]);
    expect((request.mock.calls[0] as unknown[])[0]).toBe(USER_SUBJECTS.deletions);
  });

  it('keeps its position when the auth service cannot answer, so the next attempt asks again', async () => {
    const table = positionTable(5);
    const request = jest.fn(async () => Promise.reject(new Error('No service is listening')));
    const follower = new RecordingFollower({ request } as unknown as BusClient, table.db);

    await expect(follower.catchUp()).rejects.toThrow('No service is listening');
    expect(table.position()).toBe(5);
    expect(follower.purged).toEqual([]);
  });
});
