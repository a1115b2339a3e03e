import type { DependencyHealth } from '@memories/contracts';
import type { DataSource } from 'typeorm';

/** The database edge of the health check: one round trip to PostgreSQL, bounded in time. */
export class DatabaseHealthRepository {
  constructor(private readonly dataSource: DataSource) {}

  async ping(timeoutMs: number): Promise<DependencyHealth> {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        this.dataSource.query('SELECT 1'),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
        }),
      ]);
      return { status: 'up' };
    } catch (error) {
      return { status: 'down', message: `PostgreSQL: ${error instanceof Error ? error.message : String(error)}` };
    } finally {
      clearTimeout(timer);
    }
  }
}
