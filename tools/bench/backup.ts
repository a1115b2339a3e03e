// `npm run bench:backup` (`tsx tools/bench/backup.ts`): the time and size of `npm run backup` and `npm run restore`
// for an embedded instance holding 10,000 memories (journal-length text, a third edited once so they have a kept
// version) and 1,000 uploaded images. The built standalone runs on 127.0.0.1 while the backup is taken, as an owner
// would run it; images are uploaded through the API, memories are written with SQL (the API would take the bench
// minutes without measuring anything more). The baseline, measured in the same run, is a plain `cp -a` of DATA_DIR's
// database and files: the naive copy (inconsistent while the app runs, and no smaller). Prints a Markdown table.
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { NX_BIN, REPO_ROOT, run } from '../launch/process-group';
import { median } from './statistics';

const MEMORIES = Number(process.env.BENCH_MEMORIES ?? 10_000);
const IMAGES = Number(process.env.BENCH_IMAGES ?? 1_000);
/** Image sizes: phone photos resized by the editor are typically 100-400 KB. */
const IMAGE_BYTES = { min: 100 * 1024, max: 400 * 1024 };
const REPEAT = Math.max(1, Number(process.env.BENCH_REPEAT ?? 3));
const BACKUP_MAIN = path.join(REPO_ROOT, 'services', 'standalone', 'dist', 'backup', 'backup.main.js');
const RESTORE_MAIN = path.join(REPO_ROOT, 'services', 'standalone', 'dist', 'backup', 'restore.main.js');

const WORDS =
  `day walk family morning friends home time sun evening lake city dinner coffee park beach garden rain train music
book weekend school market river mountain trip holiday birthday summer winter autumn spring snow forest village harbour
bridge museum festival concert picnic sunset sunrise bicycle kitchen bread cake tea letter photograph island journey`
    .split(/\s+/)
    .filter(Boolean);

const log = (message: string) => process.stdout.write(`[bench:backup] ${message}\n`);
const megabytes = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

function words(count: number): string {
  return Array.from({ length: count }, () => WORDS[Math.floor(Math.random() ** 2 * WORDS.length)]).join(' ');
}

/** Runs a command, resolving with its wall time and output; a non-zero exit rejects. */
function timed(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ seconds: number; output: string }> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const child = spawn(command, args, { cwd: REPO_ROOT, env });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      if (code === 0) resolve({ seconds, output });
      else reject(new Error(`${command} ${args.join(' ')} exited with ${code}:\n${output}`));
    });
  });
}

/**
 * Bytes on disk of `folder` beyond what `alongside` already holds (du counts a hard-linked file once, for the first
 * folder it meets it in), and its apparent size.
 */
async function diskUsage(folder: string, alongside: string): Promise<{ extra: number; apparent: number }> {
  const lines = (await timed('du', ['-sk', alongside, folder])).output.trim().split('\n');
  const apparent = Number((await timed('du', ['-sk', '--apparent-size', folder])).output.split(/\s/)[0]) * 1024;
  return { extra: Number(lines.at(-1)?.split(/\s/)[0]) * 1024, apparent };
}

async function seedMemories(databaseUrl: string, userId: string): Promise<void> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (let done = 0; done < MEMORIES; done += 500) {
      const batch = Array.from({ length: Math.min(500, MEMORIES - done) }, (_, index) => {
        const paragraphs = Array.from({ length: 3 + ((done + index) % 5) }, () =>
          words(40 + Math.floor(Math.random() * 60)),
        );
        const json = {
          type: 'doc',
          content: paragraphs.map((text) => ({ type: 'paragraph', content: [{ type: 'text', text }] })),
        };
        const text = paragraphs.join('\n\n');
        return {
          title: words(2 + (index % 4)),
          json: JSON.stringify(json),
          html: paragraphs.map((paragraph) => `<p>${paragraph}</p>`).join(''),
          text,
          words: text.split(/\s+/).length,
          tags: [WORDS[index % 20], WORDS[(index * 7) % 30]],
        };
      });
      await client.query(
        `INSERT INTO memory.memories (user_id, user_email, title, date, content_json, content_html, content_text, tags, is_draft, word_count, reading_time)
         SELECT $1, 'owner@example.com', b.title, now() - (b.n || ' days')::interval, b.json, b.html, b.text,
           ARRAY[b.tag1, b.tag2], b.n % 3 = 0, b.words, greatest(1, b.words / 200)
         FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::int[], $7::text[], $8::text[], $9::int[])
           AS b(title, json, html, text, words, tag1, tag2, n)`,
        [
          userId,
          batch.map((memory) => memory.title),
          batch.map((memory) => memory.json),
          batch.map((memory) => memory.html),
          batch.map((memory) => memory.text),
          batch.map((memory) => memory.words),
          batch.map((memory) => memory.tags[0]),
          batch.map((memory) => memory.tags[1]),
          batch.map((_, index) => done + index),
        ],
      );
    }
    // A third edited once: the trigger keeps their previous version, as the editor's saves would.
    await client.query(
      `UPDATE memory.memories SET title = title || ' (edited)', updated_at = now() WHERE random() < 0.33`,
    );
  } finally {
    await client.end();
  }
}

async function uploadImages(baseUrl: string, token: string): Promise<number> {
  let bytes = 0;
  for (let n = 0; n < IMAGES; n++) {
    const grant = await fetch(`${baseUrl}/api/upload/presigned-url`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ fileName: `photo-${n}.jpg`, fileType: 'image/jpeg' }),
    });
    const { uploadUrl } = ((await grant.json()) as { data: { uploadUrl: string } }).data;
    const size = IMAGE_BYTES.min + Math.floor(Math.random() * (IMAGE_BYTES.max - IMAGE_BYTES.min));
    // JPEG magic bytes, then incompressible bytes like a photo's.
    const body = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(size - 4)]);
    const put = await fetch(`${baseUrl}${uploadUrl}`, {
      method: 'PUT',
      headers: { 'content-type': 'image/jpeg' },
      body: new Uint8Array(body),
    });
    if (put.status !== 200) throw new Error(`upload ${n} answered ${put.status}`);
    bytes += size;
  }
  return bytes;
}

async function main(): Promise<void> {
  if ((await run(NX_BIN, ['run', 'standalone:build', '--outputStyle=static'])) !== 0) process.exit(1);
  const { getFreePort, startStandalone, stopStandalone, waitForStandalone } = await import('@memories/server-testing');
  const { embeddedPostgresUrl, runningPostgresPort } = await import('@memories/nest-common');
  const root = await mkdtemp(path.join(tmpdir(), 'memories-bench-backup-'));
  // Run as root, the embedded PostgreSQL runs as the postgres user, which must be able to enter the folder.
  await chmod(root, 0o755);
  const dataDir = path.join(root, 'instance');
  const settings = { LOG_LEVEL: 'warn', BACKUP_INTERVAL_HOURS: '0' };
  const env = { ...process.env, ...settings, DATA_DIR: dataDir, EMBEDDED_POSTGRES_PORT: String(await getFreePort()) };
  const server = startStandalone({
    port: String(await getFreePort()),
    postgresPort: env.EMBEDDED_POSTGRES_PORT,
    dataDir,
    env: settings,
  });
  try {
    await waitForStandalone(server);
    const json = (route: string, body: unknown) =>
      fetch(`${server.baseUrl}/api${route}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const email = `bench-${randomUUID().slice(0, 8)}@example.com`;
    await json('/auth/register', { name: 'Bench Owner', email, password: 'secret1', confirmPassword: 'secret1' });
    const session = (
      (await (await json('/auth/login', { email, password: 'secret1', rememberMe: false })).json()) as {
        data: { accessToken: string; user: { id: string } };
      }
    ).data;
    const postgresDir = path.join(dataDir, 'postgres');
    const databaseUrl = embeddedPostgresUrl(postgresDir, (await runningPostgresPort(postgresDir)) ?? 0, 'memories');
    let seeding = Date.now();
    await seedMemories(databaseUrl, session.user.id);
    log(`wrote ${MEMORIES} memories in ${((Date.now() - seeding) / 1000).toFixed(0)} s`);
    seeding = Date.now();
    const imageBytes = await uploadImages(server.baseUrl, session.accessToken);
    log(`uploaded ${IMAGES} images (${megabytes(imageBytes)} MB) in ${((Date.now() - seeding) / 1000).toFixed(0)} s`);

    const backups: Array<{ seconds: number; own: number; path: string }> = [];
    const copies: number[] = [];
    for (let round = 0; round < REPEAT; round++) {
      const { seconds, output } = await timed(process.execPath, [BACKUP_MAIN], env);
      const done = /Backup complete in ([\d.]+) s: (\S+)/.exec(output);
      backups.push({ seconds, own: Number(done?.[1]), path: done?.[2] ?? '' });
      const copy = path.join(root, `copy-${round}`);
      const copied = await timed('sh', [
        '-c',
        `mkdir -p '${copy}' && cp -a '${path.join(dataDir, 'postgres')}' '${path.join(dataDir, 'uploads')}' '${copy}/'`,
      ]);
      copies.push(copied.seconds);
      await rm(copy, { recursive: true, force: true });
    }
    const newest = backups.at(-1)!.path;
    const manifest = JSON.parse(await readFile(path.join(newest, 'manifest.json'), 'utf8')) as {
      schemas: Array<{ tables: Array<{ rows: number; bytes: number }> }>;
      files: Array<{ size: number }>;
    };
    const tables = manifest.schemas.flatMap((schema) => schema.tables);
    const databaseBytes = tables.reduce((sum, table) => sum + table.bytes, 0);
    const rows = tables.reduce((sum, table) => sum + table.rows, 0);
    const usage = await diskUsage(newest, path.join(dataDir, 'uploads'));
    const clusterBytes =
      Number((await timed('du', ['-sk', path.join(dataDir, 'postgres')])).output.split(/\s/)[0]) * 1024;

    const restores: number[] = [];
    for (let round = 0; round < REPEAT; round++) {
      const target = path.join(root, `restored-${round}`);
      restores.push(
        (
          await timed(process.execPath, [RESTORE_MAIN, newest], {
            ...env,
            DATA_DIR: target,
            EMBEDDED_POSTGRES_PORT: String(await getFreePort()),
          })
        ).seconds,
      );
      await rm(target, { recursive: true, force: true });
    }

    const backupSeconds = median(backups.map((backup) => backup.seconds));
    const copySeconds = median(copies);
    process.stdout.write(
      [
        '',
        `${MEMORIES} memories (${rows} rows in all tables), ${IMAGES} images of ${megabytes(imageBytes)} MB; medians of ${REPEAT} runs, the app running`,
        '',
        '| measure | value |',
        '|---|---|',
        `| \`npm run backup\` (wall time, process start to exit) | ${backupSeconds.toFixed(1)} s |`,
        `| of which the backup itself (snapshot, tables, files, manifest) | ${median(backups.map((backup) => backup.own)).toFixed(1)} s |`,
        `| baseline: \`cp -a\` of DATA_DIR/postgres and DATA_DIR/uploads | ${copySeconds.toFixed(1)} s (backup / copy: ${(backupSeconds / copySeconds).toFixed(2)}) |`,
        `| \`npm run restore\` into a new DATA_DIR | ${median(restores).toFixed(1)} s |`,
        `| database in the backup (COPY text, gzip) | ${megabytes(databaseBytes)} MB (the live cluster: ${megabytes(clusterBytes)} MB) |`,
        `| images in the backup (apparent size) | ${megabytes(usage.apparent - databaseBytes)} MB |`,
        `| disk space the backup adds next to DATA_DIR/uploads (images hard-linked) | ${megabytes(usage.extra)} MB |`,
        '',
      ].join('\n'),
    );
  } finally {
    await stopStandalone(server);
    await rm(root, { recursive: true, force: true });
  }
}

void main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
