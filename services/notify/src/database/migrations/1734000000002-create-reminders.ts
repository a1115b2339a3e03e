import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `reminders`: one row per person who saved reminder settings, with the instant the next one is due (null while
 * off) and the token of their e-mails' one-click unsubscribe link. `push_devices`: the browsers that turned
 * notifications on (a push endpoint belongs to one account: the last one that registered it). `reminder_deliveries`:
 * one row per (person, channel, local day), so a reminder goes out once that day however many replicas see it due.
 */
export class CreateReminders1734000000002 implements MigrationInterface {
  readonly name = 'CreateReminders1734000000002';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "notify"."reminders" (
        "owner_id" varchar(64) PRIMARY KEY,
        "enabled" boolean NOT NULL,
        "time" varchar(5) NOT NULL,
        "time_zone" varchar(64) NOT NULL,
        "days" smallint[] NOT NULL,
        "channels" text[] NOT NULL,
        "next_due_at" timestamptz,
        "unsubscribe_token" varchar(64) NOT NULL UNIQUE,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      `CREATE INDEX "reminders_due_idx" ON "notify"."reminders" ("next_due_at") WHERE "next_due_at" IS NOT NULL`,
    );
    await queryRunner.query(`
      CREATE TABLE "notify"."push_devices" (
        "id" uuid PRIMARY KEY,
        "owner_id" varchar(64) NOT NULL,
        "endpoint" varchar(2048) NOT NULL UNIQUE,
        "p256dh" varchar(200) NOT NULL,
        "auth" varchar(100) NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      `CREATE INDEX "push_devices_owner_idx" ON "notify"."push_devices" ("owner_id", "created_at")`,
    );
    await queryRunner.query(`
      CREATE TABLE "notify"."reminder_deliveries" (
        "id" uuid PRIMARY KEY,
        "owner_id" varchar(64) NOT NULL,
        "channel" varchar(8) NOT NULL CHECK ("channel" IN ('push', 'email')),
        "local_date" date NOT NULL,
        "day_start" timestamptz NOT NULL,
        "day_end" timestamptz NOT NULL,
        "due_at" timestamptz NOT NULL,
        "status" varchar(16) NOT NULL DEFAULT 'pending' CHECK ("status" IN ('pending', 'sent', 'skipped', 'failed')),
        "attempts" integer NOT NULL DEFAULT 0,
        "error" varchar(300),
        "next_attempt_at" timestamptz,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        UNIQUE ("owner_id", "channel", "local_date")
      )`);
    await queryRunner.query(
      `CREATE INDEX "reminder_deliveries_due_idx" ON "notify"."reminder_deliveries" ("next_attempt_at")
       WHERE "status" = 'pending'`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "notify"."reminder_deliveries"`);
    await queryRunner.query(`DROP TABLE "notify"."push_devices"`);
    await queryRunner.query(`DROP TABLE "notify"."reminders"`);
  }
}
