import { Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { MAX_ACCOUNT_DELETIONS_PER_PAGE, USER_SUBJECTS, type MessageContext } from '@memories/contracts';
import type { DataSource } from 'typeorm';
import type { BusClient } from '../bus/bus.client';
import { rowsOf } from '../database/query-rows.util';
import { BackgroundWork } from '../service/background-work';

/**
 * How soon after start a follower first asks (the services of one deployment start together: the auth service is
 * usually answering by then), how often it asks again, and how soon it retries after a failure.
 */
export const FOLLOW_START_DELAY_MS = 5 * 1000;
export const FOLLOW_INTERVAL_MS = 10 * 60 * 1000;
export const FOLLOW_RETRY_MS = 15 * 1000;

/**
 * The table a follower keeps its position in, one row, inside the service's own schema (each service's migration
 * creates it with this statement).
 */
export function followedAccountDeletionsTable(schema: string): string {
  return `CREATE TABLE "${schema}"."followed_account_deletions" (
    "id" boolean PRIMARY KEY DEFAULT true CHECK ("id"),
    "position" bigint NOT NULL DEFAULT 0
  )`;
}

/**
 * A service that keeps users' data deletes it when their account is deleted: at once on `auth.user.deleted`, and
 * from the auth service's record of deleted accounts (`auth.users.deletions`) at start and every 10 minutes, so a
 * service that was down or cut off from the bus when the event went out still deletes everything. The record names
 * deleted accounts explicitly: an auth database that is empty or wrong deletes nothing. Purging is idempotent, so
 * the event and the catch-up may both handle the same account.
 */
export abstract class AccountDeletionFollower implements OnApplicationBootstrap, OnApplicationShutdown {
  protected readonly logger = new Logger(this.constructor.name);
  private readonly work = new BackgroundWork({
    logger: this.logger,
    failure: 'could not follow account deletions',
    retryMs: FOLLOW_RETRY_MS,
    run: async () => {
      const handled = await this.catchUp();
      if (handled > 0) this.logger.log(`purged the data of ${handled} deleted account(s) that were not purged yet`);
      return FOLLOW_INTERVAL_MS;
    },
  });

  protected constructor(
    private readonly bus: BusClient,
    private readonly db: DataSource,
    private readonly schema: string,
  ) {}

  /** Deletes everything this service keeps for the user; runs again harmlessly for a user already purged. */
  abstract purge(userId: string, context: MessageContext): Promise<void>;

  onApplicationBootstrap(): void {
    this.work.start(FOLLOW_START_DELAY_MS);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.work.stop();
  }

  /** Purges every deletion recorded after this service's position; answers how many it handled. */
  async catchUp(): Promise<number> {
    const context = { correlationId: `account-deletions-${Date.now()}` };
    let handled = 0;
    for (;;) {
      const after = await this.position();
      const { deletions } = await this.bus.request(
        USER_SUBJECTS.deletions,
        { after, limit: MAX_ACCOUNT_DELETIONS_PER_PAGE },
        context,
      );
      for (const deletion of deletions) await this.purge(deletion.userId, context);
      if (deletions.length === 0) return handled;
      handled += deletions.length;
      await this.db.query(`UPDATE "${this.schema}"."followed_account_deletions" SET "position" = $1`, [
        deletions[deletions.length - 1].position,
      ]);
    }
  }

  private async position(): Promise<number> {
    await this.db.query(
      `INSERT INTO "${this.schema}"."followed_account_deletions" DEFAULT VALUES ON CONFLICT DO NOTHING`,
    );
    const [row] = rowsOf<{ position: string }>(
      await this.db.query(`SELECT "position" FROM "${this.schema}"."followed_account_deletions"`),
    );
    return Number(row.position);
  }
}
