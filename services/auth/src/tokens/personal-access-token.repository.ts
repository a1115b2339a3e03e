import { Inject, Injectable } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { TokenScope } from '@memories/contracts';
import { rowsOf } from '@memories/nest-common';

export interface TokenRecord {
  id: string;
  userId: string;
  name: string;
  scope: TokenScope;
  createdAt: Date;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
}

const COLUMNS = `"id", "user_id" AS "userId", "name", "scope", "created_at" AS "createdAt",
  "expires_at" AS "expiresAt", "last_used_at" AS "lastUsedAt"`;

/** `auth.personal_access_tokens`: each token's hash, owner, scope and use. */
@Injectable()
export class PersonalAccessTokenRepository {
  constructor(@Inject(getDataSourceToken('auth')) private readonly db: DataSource) {}

  /** Inserts unless the owner already has `limit` tokens (checked in the same statement); null then. */
  async create(
    token: { userId: string; name: string; scope: TokenScope; tokenHash: string; expiresAt: Date | null },
    limit: number,
  ): Promise<TokenRecord | null> {
    const rows = rowsOf<TokenRecord>(
      await this.db.query(
        `INSERT INTO "auth"."personal_access_tokens" ("user_id", "name", "scope", "token_hash", "expires_at")
         SELECT $1::uuid, $2::varchar, $3::varchar, $4::varchar, $5::timestamptz
         WHERE (SELECT count(*) FROM "auth"."personal_access_tokens" WHERE "user_id" = $1::uuid) < $6
         RETURNING ${COLUMNS}`,
        [token.userId, token.name, token.scope, token.tokenHash, token.expiresAt, limit],
      ),
    );
    return rows[0] ?? null;
  }

  async listForUser(userId: string): Promise<TokenRecord[]> {
    return rowsOf<TokenRecord>(
      await this.db.query(
        `SELECT ${COLUMNS} FROM "auth"."personal_access_tokens" WHERE "user_id" = $1 ORDER BY "created_at", "id"`,
        [userId],
      ),
    );
  }

  async delete(userId: string, id: string): Promise<boolean> {
    return (
      rowsOf<{ id: string }>(
        await this.db.query(
          `DELETE FROM "auth"."personal_access_tokens" WHERE "id" = $1 AND "user_id" = $2 RETURNING "id"`,
          [id, userId],
        ),
      ).length > 0
    );
  }

  async deleteAllForUser(userId: string): Promise<number> {
    return rowsOf<{ id: string }>(
      await this.db.query(`DELETE FROM "auth"."personal_access_tokens" WHERE "user_id" = $1 RETURNING "id"`, [userId]),
    ).length;
  }

  /**
   * The live token with this hash (not expired), its use recorded: at most once a minute, so a script's burst of
   * calls is one write.
   */
  async use(tokenHash: string, now: Date): Promise<TokenRecord | undefined> {
    const rows = rowsOf<TokenRecord>(
      await this.db.query(
        `WITH live AS (
           SELECT ${COLUMNS} FROM "auth"."personal_access_tokens"
           WHERE "token_hash" = $1 AND ("expires_at" IS NULL OR "expires_at" > $2::timestamptz)
         ), used AS (
           UPDATE "auth"."personal_access_tokens" SET "last_used_at" = $2::timestamptz
           WHERE "id" IN (SELECT "id" FROM live)
             AND ("last_used_at" IS NULL OR "last_used_at" < $2::timestamptz - interval '1 minute')
         )
         SELECT * FROM live`,
        [tokenHash, now],
      ),
    );
    return rows[0];
  }
}
