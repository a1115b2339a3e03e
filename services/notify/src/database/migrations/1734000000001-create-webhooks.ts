import type { MigrationInterface, QueryRunner } from 'typeorm';
import { followedAccountDeletionsTable } from '@memories/nest-common';

/**
 * `webhooks`: a person's receivers (URL, events, the Standard Webhooks signing secret, whether it is on and why the
 * instance turned it off). `webhook_deliveries`: one row per message to a receiver, with the exact body signed and
 * sent, its attempts and the last answer; one per (webhook, source event), so replicas that all see an event
 * record it once, and one `memory.updated` per memory waiting for its first attempt. `followed_account_deletions`: see AccountDeletionFollower.
 */
export class CreateWebhooks1734000000001 implements MigrationInterface {
  readonly name = 'CreateWebhooks1734000000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "notify"."webhooks" (
        "id" uuid PRIMARY KEY,
        "owner_id" varchar(64) NOT NULL,
        "url" varchar(2048) NOT NULL,
        "events" text[] NOT NULL,
        "secret" varchar(100) NOT NULL,
        "enabled" boolean NOT NULL DEFAULT true,
        "disabled_reason" varchar(16) CHECK ("disabled_reason" IN ('failing')),
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX "webhooks_owner_idx" ON "notify"."webhooks" ("owner_id", "created_at")`);
    await queryRunner.query(`
      CREATE TABLE "notify"."webhook_deliveries" (
        "id" uuid PRIMARY KEY,
        "webhook_id" uuid NOT NULL REFERENCES "notify"."webhooks" ("id") ON DELETE CASCADE,
        "event_id" uuid NOT NULL,
        "type" varchar(32) NOT NULL,
        "memory_id" uuid,
        "body" text NOT NULL,
        "occurred_at" timestamptz NOT NULL,
        "status" varchar(16) NOT NULL DEFAULT 'pending' CHECK ("status" IN ('pending', 'succeeded', 'failed')),
        "attempts" integer NOT NULL DEFAULT 0,
        "response_status" integer,
        "error" varchar(300),
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "last_attempt_at" timestamptz,
        "next_attempt_at" timestamptz,
        UNIQUE ("webhook_id", "event_id")
      )`);
    await queryRunner.query(
      `CREATE INDEX "webhook_deliveries_recent_idx" ON "notify"."webhook_deliveries" ("webhook_id", "created_at" DESC)`,
    );
    // At most one memory.updated per memory waits for its first attempt: later changes join it.
    await queryRunner.query(
      `CREATE UNIQUE INDEX "webhook_deliveries_waiting_update_idx" ON "notify"."webhook_deliveries"
       ("webhook_id", "memory_id") WHERE "type" = 'memory.updated' AND "status" = 'pending' AND "attempts" = 0`,
    );
    await queryRunner.query(
      `CREATE INDEX "webhook_deliveries_due_idx" ON "notify"."webhook_deliveries" ("next_attempt_at")
       WHERE "status" = 'pending'`,
    );
    await queryRunner.query(followedAccountDeletionsTable('notify'));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "notify"."followed_account_deletions"`);
    await queryRunner.query(`DROP TABLE "notify"."webhook_deliveries"`);
    await queryRunner.query(`DROP TABLE "notify"."webhooks"`);
  }
}
