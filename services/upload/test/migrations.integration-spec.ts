import { randomUUID } from 'node:crypto';
import { describeMigrationSafety, type SqlRunner } from '@memories/server-testing';
import { UPLOAD_MIGRATIONS } from '../src/database/upload.migrations';

/**
 * Files in every state: granted and never sent, received and verified, seen in a memory, of several owners and types.
 */
async function seed(db: SqlRunner): Promise<void> {
  for (const owner of [randomUUID(), randomUUID()]) {
    const file = (extension: string) => `users/${owner}/${randomUUID()}.${extension}`;
    await db.query(
      `INSERT INTO upload.files (key, owner_id, content_type, size, created_at, verified_at, referenced_at) VALUES
         ($1, $5, 'image/png', NULL, now() - interval '2 days', NULL, NULL),
         ($2, $5, 'image/jpeg', 482113, now() - interval '40 days', now() - interval '40 days', now() - interval '39 days'),
         ($3, $5, 'image/webp', 10485760, now() - interval '1 hour', now() - interval '1 hour', NULL),
         ($4, $5, 'image/avif', 2048, now() - interval '3 days', now() - interval '3 days', now() - interval '3 days')`,
      [file('png'), file('jpg'), file('webp'), file('avif'), owner],
    );
  }
}

describeMigrationSafety({
  schema: 'upload',
  migrations: UPLOAD_MIGRATIONS,
  firstRelease: 'CreateFiles1732400000000',
  seed,
});
