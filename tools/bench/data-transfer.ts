// bench:data: export and import of a whole journal through the built standalone (what `npm start` runs).
// Seeds one user with BENCH_MEMORIES memories (10,000) and one image per BENCH_IMAGE_EVERY memories (1,000 images
// of ~100 KB: about 100 MB), exports it (time, MB/s, the exporting process' peak RSS growth), imports the archive
// into a new user BENCH_REPEAT times (3; time, memories/s, peak RSS growth, and their medians), then doubles the
// journal and does both again, and ends with the import rate at the double size over the rate at the single size.
// Baselines of this machine in the same run: reading the same image bytes from disk, and writing them into a ZIP
// with yazl alone (no database, no bus). Figures only, no assertions; bounded in count and time.
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { chmod, mkdtemp, readFile, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ZipFile } from 'yazl';
import type { StandaloneServer } from '@memories/server-testing';
import { median } from './statistics';

const MEMORIES = Number(process.env.BENCH_MEMORIES ?? 10_000);
const IMAGE_EVERY = Number(process.env.BENCH_IMAGE_EVERY ?? 10);
const IMAGE_BYTES = Number(process.env.BENCH_IMAGE_BYTES ?? 100_000);
const REPEAT = Math.max(1, Number(process.env.BENCH_REPEAT ?? 3));
const CONCURRENCY = 8;
const IMPORT_TIMEOUT_MS = 30 * 60_000;

interface Account {
  token: string;
  id: string;
  email: string;
}

const MB = 1_000_000;
const seconds = (ms: number) => (ms / 1000).toFixed(1);

/** Resident memory of a process, from /proc (Linux). */
async function rssBytes(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

/** Samples the process' RSS every 50 ms while `work` runs: its RSS before, and the peak. */
async function withPeakRss<T>(
  pid: number,
  work: () => Promise<T>,
): Promise<{ result: T; before: number; peak: number }> {
  const before = await rssBytes(pid);
  let peak = before;
  const timer = setInterval(() => {
    void rssBytes(pid).then(
      (rss) => (peak = Math.max(peak, rss)),
      () => undefined,
    );
  }, 50);
  try {
    const result = await work();
    return { result, before, peak: Math.max(peak, await rssBytes(pid)) };
  } finally {
    clearInterval(timer);
  }
}

async function inParallel<T>(items: T[], work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < items.length) await work(items[next++]);
    }),
  );
}

function api(server: StandaloneServer) {
  return async <T>(method: string, url: string, token?: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${server.baseUrl}/api${url}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
    return ((await response.json()) as { data: T }).data;
  };
}

async function logIn(call: ReturnType<typeof api>, email: string): Promise<Account> {
  const session = await call<{ accessToken: string; user: { id: string } }>('POST', '/auth/login', undefined, {
    email,
    password: 'secret1',
    rememberMe: false,
  });
  return { token: session.accessToken, id: session.user.id, email };
}

async function signUp(call: ReturnType<typeof api>, name: string): Promise<Account> {
  const email = `${name}-${Date.now()}@example.com`;
  await call('POST', '/auth/register', undefined, {
    name: `${name} Bench`,
    email,
    password: 'secret1',
    confirmPassword: 'secret1',
  });
  return logIn(call, email);
}

/** A PNG signature and random (incompressible) bytes, as a photo is. */
const photo = () =>
  Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(IMAGE_BYTES - 8)]);

const WORDS = 'sea light morning harbour walk bread coffee rain letter garden friend train window evening story'.split(
  ' ',
);
const sentence = (seed: number) =>
  Array.from({ length: 14 }, (_, index) => WORDS[(seed * 7 + index * 3) % WORDS.length]).join(' ');

async function seed(server: StandaloneServer, account: Account, from: number, count: number): Promise<void> {
  const call = api(server);
  const indexes = Array.from({ length: count }, (_, index) => from + index);
  await inParallel(indexes, async (index) => {
    const content: unknown[] = [
      { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: `Day ${index}` }] },
      ...Array.from({ length: 4 }, (_, paragraph) => ({
        type: 'paragraph',
        content: [{ type: 'text', text: `${sentence(index + paragraph)}.` }],
      })),
    ];
    let thumbnailUrl = '';
    if (index % IMAGE_EVERY === 0) {
      const grant = await call<{ uploadUrl: string; fileUrl: string }>('POST', '/upload/presigned-url', account.token, {
        fileName: 'photo.png',
        fileType: 'image/png',
      });
      const put = await fetch(`${server.baseUrl}${grant.uploadUrl}`, {
        method: 'PUT',
        headers: { 'content-type': 'image/png' },
        body: new Uint8Array(photo()),
      });
      if (!put.ok) throw new Error(`PUT image: ${put.status}`);
      content.push({ type: 'image', attrs: { src: grant.fileUrl } });
      thumbnailUrl = grant.fileUrl;
    }
    const day = new Date(Date.UTC(2000, 0, 1) + index * 86_400_000).toISOString().slice(0, 10);
    await call('POST', '/memories/memory', account.token, {
      title: `Memory ${index}`,
      date: day,
      contentJson: JSON.stringify({ type: 'doc', content }),
      tags: [`t${index % 20}`],
      isDraft: false,
      thumbnailUrl,
    });
  });
}

async function exportJournal(
  server: StandaloneServer,
  account: Account,
  file: string,
): Promise<{ ms: number; bytes: number }> {
  const started = Date.now();
  const response = await fetch(`${server.baseUrl}/api/export`, {
    headers: { authorization: `Bearer ${account.token}` },
  });
  if (!response.ok || !response.body) throw new Error(`export: ${response.status}`);
  await pipeline(Readable.fromWeb(response.body as never), createWriteStream(file));
  return { ms: Date.now() - started, bytes: (await stat(file)).size };
}

async function importJournal(
  server: StandaloneServer,
  account: Account,
  file: string,
): Promise<{ ms: number; imported: number }> {
  const call = api(server);
  const started = Date.now();
  const form = new FormData();
  form.append('file', new Blob([await readFile(file)]), 'bench.zip');
  const response = await fetch(`${server.baseUrl}/api/import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${account.token}` },
    body: form,
  });
  if (response.status !== 202) throw new Error(`import: ${response.status} ${await response.text()}`);
  const { jobId } = ((await response.json()) as { data: { jobId: string } }).data;
  while (Date.now() - started < IMPORT_TIMEOUT_MS) {
    const report = await call<{ status: string; imported: number; failed: number; errors: unknown[] }>(
      'GET',
      `/import/${jobId}`,
      account.token,
    );
    if (report.status === 'failed' || report.failed > 0)
      throw new Error(`import failed: ${JSON.stringify(report).slice(0, 500)}`);
    if (report.status === 'done') return { ms: Date.now() - started, imported: report.imported };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('import did not finish in time');
}

/**
 * The machine's own ceilings: the same image files read from disk; and yazl alone writing an archive of the same
 * shape (one 1 KB Markdown entry per memory, the same images) into nothing: no database, no bus, no conversion.
 */
async function baselines(
  uploads: string,
  memories: number,
): Promise<{ readMBps: number; zipMBps: number; zipSeconds: number; bytes: number }> {
  const files: string[] = [];
  const walk = async (folder: string): Promise<void> => {
    for (const entry of await readdir(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) await walk(full);
      else files.push(full);
    }
  };
  await walk(uploads);
  let bytes = 0;
  let started = Date.now();
  for (const file of files) bytes += (await readFile(file)).length;
  const readMBps = bytes / MB / ((Date.now() - started) / 1000);
  started = Date.now();
  const zip = new ZipFile();
  const markdown = Buffer.from(`${sentence(1)}.\n\n`.repeat(10));
  for (let index = 0; index < memories; index += 1) {
    zip.addReadStreamLazy(`memories/${index}.md`, { compress: true }, (callback) =>
      callback(null, Readable.from([markdown])),
    );
  }
  for (const [index, file] of files.entries()) zip.addFile(file, `images/${index}.png`, { compress: false });
  zip.end();
  let zipped = 0;
  await pipeline(
    zip.outputStream as Readable,
    new Writable({ write: (chunk: Buffer, _encoding, done) => ((zipped += chunk.length), done()) }),
  );
  const zipSeconds = (Date.now() - started) / 1000;
  return { readMBps, zipMBps: zipped / MB / zipSeconds, zipSeconds, bytes };
}

/** One import of the archive into a new account: memories/s and the importing process' RSS growth. */
async function importOnce(
  server: StandaloneServer,
  archive: string,
  name: string,
): Promise<{ ms: number; rate: number; peak: number; growth: number }> {
  const reader = await signUp(api(server), name);
  const imported = await withPeakRss(server.process.pid as number, () => importJournal(server, reader, archive));
  return {
    ms: imported.result.ms,
    rate: imported.result.imported / (imported.result.ms / 1000),
    peak: imported.peak,
    growth: imported.peak - imported.before,
  };
}

/** Exports the owner's journal once and imports it REPEAT times; answers the median import rate. */
async function round(server: StandaloneServer, owner: Account, size: number, folder: string): Promise<number> {
  const pid = server.process.pid as number;
  const archive = path.join(folder, `export-${size}.zip`);
  const exported = await withPeakRss(pid, () => exportJournal(server, owner, archive));
  const exportMBps = exported.result.bytes / MB / (exported.result.ms / 1000);
  const base = await baselines(path.join(folder, 'data', 'uploads', 'users', owner.id), size);
  const imports = [];
  for (let run = 1; run <= REPEAT; run += 1) imports.push(await importOnce(server, archive, `reader${size}-${run}`));
  const rate = median(imports.map((run) => run.rate));
  process.stdout.write(
    [
      `--- ${size.toLocaleString('en')} memories, ${(exported.result.bytes / MB).toFixed(1)} MB archive`,
      `export: ${seconds(exported.result.ms)} s, ${exportMBps.toFixed(1)} MB/s, peak RSS ${(exported.peak / MB).toFixed(0)} MB (growth ${((exported.peak - exported.before) / MB).toFixed(0)} MB)`,
      ...imports.map(
        (run, index) =>
          `import ${index + 1}: ${seconds(run.ms)} s, ${run.rate.toFixed(0)} memories/s, peak RSS ${(run.peak / MB).toFixed(0)} MB (growth ${(run.growth / MB).toFixed(0)} MB)`,
      ),
      `import, median of ${REPEAT}: ${rate.toFixed(0)} memories/s, RSS growth ${(median(imports.map((run) => run.growth)) / MB).toFixed(0)} MB`,
      `baseline: reading the ${(base.bytes / MB).toFixed(0)} MB of stored images ${base.readMBps.toFixed(0)} MB/s; yazl alone writing an archive of this shape ${seconds(base.zipSeconds * 1000)} s, ${base.zipMBps.toFixed(0)} MB/s; export / yazl alone ${((100 * exportMBps) / base.zipMBps).toFixed(0)} %`,
      '',
    ].join('\n'),
  );
  return rate;
}

async function main(): Promise<void> {
  const { startStandalone, stopStandalone, waitForStandalone } = await import('@memories/server-testing');
  const folder = await mkdtemp(path.join(tmpdir(), 'memories-bench-data-'));
  // Run as root, the embedded PostgreSQL is the "postgres" user, which must reach its data folder.
  await chmod(folder, 0o755);
  const server = startStandalone({
    port: process.env.PORT ?? '3160',
    postgresPort: process.env.EMBEDDED_POSTGRES_PORT ?? '55160',
    dataDir: path.join(folder, 'data'),
    env: { LOG_LEVEL: 'warn', AUTH_RATE_LIMIT_PER_MINUTE: '1000' },
  });
  try {
    await waitForStandalone(server);
    let owner = await signUp(api(server), 'owner');
    let started = Date.now();
    await seed(server, owner, 0, MEMORIES);
    process.stdout.write(
      `seeded ${MEMORIES.toLocaleString('en')} memories (${Math.ceil(MEMORIES / IMAGE_EVERY)} images) in ${seconds(Date.now() - started)} s\n`,
    );
    const single = await round(server, owner, MEMORIES, folder);
    started = Date.now();
    // A new session: on a loaded machine the first one may have outlived its 15-minute access token.
    owner = await logIn(api(server), owner.email);
    await seed(server, owner, MEMORIES, MEMORIES);
    process.stdout.write(`seeded ${MEMORIES.toLocaleString('en')} more in ${seconds(Date.now() - started)} s\n`);
    owner = await logIn(api(server), owner.email);
    const double = await round(server, owner, 2 * MEMORIES, folder);
    process.stdout.write(
      `import rate at ${(2 * MEMORIES).toLocaleString('en')} / at ${MEMORIES.toLocaleString('en')}: ${(double / single).toFixed(2)}x (medians)\n`,
    );
  } finally {
    await stopStandalone(server);
    await rm(folder, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
