import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DependencyHealth } from '@memories/contracts';
import { DataSource } from 'typeorm';

/** The database edge of the health check: one round trip to PostgreSQL, bounded in time. */
@Injectable()
export class DatabaseHealthRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

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
