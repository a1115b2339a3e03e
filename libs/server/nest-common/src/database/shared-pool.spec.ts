import pg from 'pg';
import { leaseSharedPool, shareOneDatabasePool, sharedPoolDriver } from './shared-pool';

// No statement runs here: a node-postgres pool connects only when it is first used, and ends without ever connecting.
const URL_A = 'postgres://memories@127.0.0.1:1/a';
const URL_B = 'postgres://memories@127.0.0.1:1/b';

describe('the pool a process shares', () => {
  beforeAll(() => shareOneDatabasePool({ max: 3, applicationName: 'memories' }));

  it('lends one pool per database, of the shared size and name, to every lessee', async () => {
    const first = leaseSharedPool(URL_A);
    const second = leaseSharedPool(URL_A);
    const other = leaseSharedPool(URL_B);

    expect(first.options).toBe(second.options);
    expect(first.options).not.toBe(other.options);
    expect(first.options).toMatchObject({ max: 3, application_name: 'memories' });
    await Promise.all([first.end(), second.end(), other.end()]);
  });

  it('takes each lessee’s listeners away with it, and keeps its own', async () => {
    const first = leaseSharedPool(URL_A);
    const second = leaseSharedPool(URL_A);
    first.on('error', () => undefined);
    second.on('error', () => undefined);
    // The pool's own listener, and one for each lessee.
    expect(first.listenerCount('error')).toBe(3);

    await first.end();
    expect(second.listenerCount('error')).toBe(2);
    await second.end();
    // Every lessee gone, the pool's own listener stays: an idle connection's end never goes unheard.
    expect(second.listenerCount('error')).toBe(1);
  });

  it('ends the pool with its last lease only, a lease ended twice counting once', async () => {
    const first = leaseSharedPool(URL_A);
    const second = leaseSharedPool(URL_A);
    await first.end();
    expect(second.ending).toBe(false);
    // A lease ended twice gives back one lease, not two.
    await first.end();
    expect(second.ending).toBe(false);

    await new Promise<void>((resolve, reject) => second.end((error?: Error) => (error ? reject(error) : resolve())));
    // A lease reads through to the pool itself.
    expect(second.ending).toBe(true);
    // The next lease opens a new pool.
    const next = leaseSharedPool(URL_A);
    expect(next.ending).toBe(false);
    await next.end();
  });

  it('comes to TypeORM as node-postgres whose Pool is a lease', async () => {
    const driver = sharedPoolDriver();
    const lease = new driver.Pool({ connectionString: URL_A, max: 10, application_name: 'memories-memory' });
    const other = leaseSharedPool(URL_A);

    expect(lease.options).toBe(other.options);
    expect(lease.options.max).toBe(3);
    // Everything else is node-postgres itself (TypeORM reads its defaults and types).
    expect(driver.types).toBe(pg.types);
    expect(driver.defaults).toBe(pg.defaults);
    await Promise.all([lease.end(), other.end()]);
  });
});
