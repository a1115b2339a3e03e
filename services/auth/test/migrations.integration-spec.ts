import { createHash, randomUUID } from 'node:crypto';
import { describeMigrationSafety, type SqlRunner } from '@memories/server-testing';
import { AUTH_MIGRATIONS } from '../src/database/auth.migrations';

const hash = (value: string) => createHash('sha256').update(value).digest('hex');
// An Argon2id hash as the auth service stores it (the value itself is never checked here).
const PASSWORD_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$0O1oXoBVhZ0Bq4PiA4jQ2Vt5oAF8cWZ9D5t7yC2h1kA';

/** Users as they register (with and without phone and picture, verified or not), their sessions and one-time tokens. */
async function seed(db: SqlRunner): Promise<void> {
  const users = [
    {
      id: randomUUID(),
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      phone: '+441234567890',
      image: '/api/files/users/a/face.png',
      verified: true,
    },
    {
      id: randomUUID(),
      name: 'Zoë Ångström',
      email: 'Zoe.Angstrom@Example.org',
      phone: null,
      image: null,
      verified: false,
    },
    {
      id: randomUUID(),
      name: '山田 太郎',
      email: 'taro@example.jp',
      phone: '+81312345678',
      image: null,
      verified: true,
    },
  ];
  for (const user of users) {
    await db.query(
      `INSERT INTO auth.users (id, name, email, phone_number, profile_image_url, password_hash, email_verified_at, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, now() - interval '90 days', now() - interval '3 days')`,
      [
        user.id,
        user.name,
        user.email,
        user.phone,
        user.image,
        PASSWORD_HASH,
        user.verified ? new Date('2025-01-02T03:04:05Z') : null,
      ],
    );
    // A family rotated once: the first token revoked and replaced, the second alive (persistent or session-only).
    const family = randomUUID();
    const [first, second] = [randomUUID(), randomUUID()];
    await db.query(
      `INSERT INTO auth.refresh_tokens (id, user_id, family_id, token_hash, persistent, expires_at, revoked_at, replaced_by)
       VALUES ($1, $3, $4, $5, $7, now() + interval '30 days', now() - interval '1 hour', $2),
              ($2, $3, $4, $6, $7, now() + interval '30 days', NULL, NULL)`,
      [first, second, user.id, family, hash(`${first}-token`), hash(`${second}-token`), user.verified],
    );
    await db.query(
      `INSERT INTO auth.action_tokens (user_id, purpose, token_hash, expires_at, used_at) VALUES
         ($1, 'email-verification', $2, now() + interval '1 day', $4),
         ($1, 'password-reset', $3, now() + interval '1 hour', NULL)`,
      [user.id, hash(`${user.id}-verify`), hash(`${user.id}-reset`), user.verified ? new Date() : null],
    );
  }
}

describeMigrationSafety({
  schema: 'auth',
  migrations: AUTH_MIGRATIONS,
  firstRelease: 'CreateAuthTables1732200000000',
  seed,
});
