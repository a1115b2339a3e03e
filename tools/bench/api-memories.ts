// `npm run bench:api` (`tsx tools/bench/api-memories.ts`): the memory API at a million memories. Seeds 20 users x
// 50,000 memories (skewed vocabulary, 1-3 tags each, three years of dates) into a real PostgreSQL with one
// INSERT ... SELECT per user (indexes dropped during the load and rebuilt from their own definitions), starts
// nats-server, the built memory service and the built gateway as separate processes, and drives the gateway with
// autocannon on 127.0.0.1 for a bounded time per scenario. The same SQL the memory service runs is then run
// straight against PostgreSQL with the same concurrency as the baseline (the statements recorded from the service's own
// repositories, see memory-statements.ts). Prints Markdown tables: figures, CPU per request of each process, targets.
import { type ChildProcess, spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { createInterface } from 'node:readline';
import { generateKeyPairSync, randomUUID, sign, type KeyObject } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client, Pool } from 'pg';
import { NX_BIN, REPO_ROOT, run } from '../launch/process-group';
import { memoryStatements, type Statements } from './memory-statements';
import { startOtlpSink, type OtlpSink } from './otlp-sink';
import { cpuPerRequest, sampleCpu, type CpuSample } from './process-cpu';
import { median } from './statistics';

const USERS = Number(process.env.BENCH_USERS ?? 20);
const PER_USER = Number(process.env.BENCH_PER_USER ?? 50_000);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
/** Connections of the direct-SQL baseline: the memory service's own pool size, so both sides get the same database. */
const SQL_POOL = 10;

/**
 * Optional: a folder that keeps the seeded PostgreSQL between runs. The first run seeds it; later runs with the same
 * user count and size reuse it and go straight to the measurements (the seed takes minutes).
 */
const KEPT_DATA_DIR = process.env.BENCH_PG_DIR;
const POSTGRES_RUNNER = path.join(REPO_ROOT, 'libs', 'server', 'testing', 'bin', 'embedded-postgres-runner.js');

/**
 * Optional: a folder holding an earlier build (made by `tsx tools/bench/keep-build.ts <folder>`). Its gateway and
 * memory
 * service run beside the current ones (their own nats-server, the same PostgreSQL), and every API run of a scenario is
 * followed by one of that build: a change's effect as a ratio measured under the same machine load.
 */
const FLOOR_GATEWAY = path.join(__dirname, 'floor', 'bare-gateway.ts');
const FLOOR_RESPONDER = path.join(__dirname, 'floor', 'bare-responder.ts');

/**
 * Optional: a sampling ratio (e.g. 0.1) at which the current build's gateway and memory service trace (OTLP to a sink
 * that drops the spans, see otlp-sink.ts), to measure what tracing costs; unset, tracing stays off as by default.
 */
const TRACE_SAMPLE = process.env.BENCH_API_TRACE_SAMPLE;

const BASELINE_BUILD = process.env.BENCH_API_BASELINE_BUILD
  ? path.resolve(process.env.BENCH_API_BASELINE_BUILD)
  : undefined;

// A vocabulary picked with a cubic skew: the first words are in most memories (the "common" terms), the last are rare.
const WORDS = `day walk family morning friends home time sun evening lake city dinner coffee park beach garden rain
train music book weekend school market river mountain trip holiday birthday summer winter autumn spring snow
forest village harbour bridge museum festival concert picnic sunset sunrise bicycle kitchen bread cake tea
garden letter photograph island journey window candle lantern meadow orchard vineyard lighthouse cathedral
canyon glacier volcano desert savanna tundra lagoon reef archipelago fjord monastery observatory planetarium
aquarium carousel regatta marathon triathlon symposium workshop rehearsal recital premiere exhibition vernissage
quartet sonata nocturne serenade ballad limerick sonnet haiku origami calligraphy pottery embroidery quilting
woodcarving taxidermy falconry beekeeping cheesemaking winemaking stargazing birdwatching geocaching kayaking
paragliding spelunking snorkelling zeppelin quokka axolotl narwhal pangolin okapi`
  .split(/\s+/)
  .filter(Boolean);
const TAGS = [
  'family',
  'travel',
  'work',
  'friends',
  'food',
  'nature',
  'music',
  'sport',
  'books',
  'home',
  'kids',
  'health',
  'garden',
  'pets',
  'art',
  'film',
  'city',
  'sea',
  'mountains',
  'winter',
];

/** Rare: a long-tail word (in a handful of memories); medium: mid-vocabulary; common: the most frequent word. */
const SEARCH = { rare: 'zyx12345', medium: WORDS[60], common: WORDS[0] };
/** The dashboard's page size (spec section 9): a search from the dashboard asks for 12. */
const DASHBOARD_PAGE_SIZE = 12;
/** A title substring in about one memory in twenty (titles are 2-5 words of the skewed vocabulary). */
const TITLE_FILTER = 'lake';
/** Search runs with fewer concurrent callers than the list: the targets are about latency of a typing user. */
const SEARCH_CONNECTIONS = Number(process.env.BENCH_SEARCH_CONNECTIONS ?? 10);
/**
 * Runs per scenario, API and SQL alternating; the table shows the median of each figure. On a shared 2-core machine
 * one 10 s run can be 20 % off the next, and alternating keeps a slow spell from landing on one side only.
 */
const REPEAT = Math.max(1, Number(process.env.BENCH_REPEAT ?? 1));
/**
 * Optional: run only the scenarios whose name contains one of these texts, separated by `|` (e.g. "list|get by id").
 */
const ONLY = process.env.BENCH_ONLY?.split('|').filter(Boolean);
/**
 * Optional: fixed ports instead of free ones, for a machine where each engineer has a range: the gateway on
 * BENCH_API_PORT, the memory service on the next port, nats-server on the one after; PostgreSQL (with BENCH_PG_DIR)
 * on BENCH_API_POSTGRES_PORT.
 */
const FIXED_PORT = process.env.BENCH_API_PORT ? Number(process.env.BENCH_API_PORT) : undefined;
const FIXED_POSTGRES_PORT = process.env.BENCH_API_POSTGRES_PORT
  ? Number(process.env.BENCH_API_POSTGRES_PORT)
  : undefined;
/**
 * Optional: the name of a memory migration. The migrations before it are applied, the data seeded, then it and the
 * later ones are applied and timed: what those migrations cost on a million existing memories.
 */
const TIME_MIGRATIONS_FROM = process.env.BENCH_TIME_MIGRATIONS_FROM;
/**
 * Optional: a folder for V8 CPU profiles of the gateway and the memory service (`node --cpu-prof`), to see where the
 * time goes.
 */
const CPU_PROFILE_DIR = process.env.BENCH_CPU_PROF_DIR;

interface AutocannonRun extends Promise<{
  requests: { average: number; total: number };
  non2xx: number;
  errors: number;
}> {
  on(
    event: 'response',
    listener: (client: unknown, statusCode: number, bytes: number, milliseconds: number) => void,
  ): void;
}
type Autocannon = (options: Record<string, unknown>) => AutocannonRun;

/** A target of an issue: a latency (at most `limit` ms) or the API / SQL throughput ratio (at least `limit` %). */
interface Target {
  issue: number;
  figure: 'p50' | 'p95' | 'p99' | 'ratio';
  limit: number;
}

interface Scenario {
  name: string;
  connections: number;
  /** The API's URL. */
  url: string;
  /** The same SQL the memory service runs, for the baseline. */
  statements: Statements;
  /** The statements run one after the other (a search asks for word forms first), not all at once. */
  inOrder?: boolean;
  /** Not a route of the API (the floor): the baseline build has nothing to add. */
  outsideTheApi?: boolean;
  targets?: Target[];
  /**
   * Another route of the API measured in the same runs, taking turns with this one, and the share of its throughput
   * this one must reach: one API route against another under the same machine load.
   */
  against?: { name: string; url: string; issue: number; percent: number };
}

interface Figures {
  reqPerSec: number;
  p50: number;
  p95: number;
  p99: number;
  failures: number;
  /** Microseconds of CPU per request of each process group (see processGroup). */
  cpu: Map<string, number>;
}

function base64url(value: string | Buffer): string {
  return Buffer.from(value).toString('base64url');
}

function accessToken(privateKey: KeyObject, userId: string): string {
  const now = Math.floor(Date.now() / 1000);
  const header = base64url(JSON.stringify({ alg: 'ES256', typ: 'JWT' }));
  const claims = base64url(
    JSON.stringify({
      sub: userId,
      typ: 'access',
      iss: 'memories-auth',
      aud: 'memories-api',
      iat: now,
      exp: now + 86400,
    }),
  );
  const signature = sign('sha256', Buffer.from(`${header}.${claims}`), { key: privateKey, dsaEncoding: 'ieee-p1363' });
  return `${header}.${claims}.${base64url(signature)}`;
}

function log(message: string): void {
  process.stderr.write(`[bench:api] ${message}\n`);
}

async function seed(url: string, userIds: string[]): Promise<void> {
  const db = new Client({ connectionString: url });
  await db.connect();
  try {
    await db.query(`SET maintenance_work_mem = '256MB'`);
    const { rows: indexes } = await db.query<{ indexname: string; indexdef: string }>(
      `SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'memory' AND tablename = 'memories' AND indexname <> 'memories_pkey'`,
    );
    for (const index of indexes) await db.query(`DROP INDEX memory."${index.indexname}"`);
    // Seeded after every migration, each memory goes into its author's default journal, made here as the service makes
    // one; seeded before the journals' migration (BENCH_TIME_MIGRATIONS_FROM), the backfill will do it.
    const {
      rows: [{ journalled }],
    } = await db.query<{ journalled: boolean }>(`SELECT to_regclass('memory.journals') IS NOT NULL AS journalled`);
    for (const [n, userId] of userIds.entries()) {
      const started = Date.now();
      const journal = journalled
        ? (
            await db.query<{ journal_id: string }>(
              `WITH made AS (
                 INSERT INTO memory.journals (owner_id, name, color) VALUES ($1, 'Journal', '#3f6ad8') RETURNING id)
               INSERT INTO memory.journal_members (journal_id, user_id, role, is_default)
               SELECT id, $1, 'owner', true FROM made RETURNING journal_id`,
              [userId],
            )
          ).rows[0].journal_id
        : undefined;
      await db.query(
        `INSERT INTO memory.memories (user_id, user_email, title, date, content_json, content_html, content_text, tags,
           is_draft, word_count, reading_time, created_at, updated_at${journal ? ', journal_id' : ''})
         SELECT $1, $2, t.title, c.at::timestamp(0), json_build_object('type', 'doc', 'content', json_build_array(json_build_object(
             'type', 'paragraph', 'content', json_build_array(json_build_object('type', 'text', 'text', b.body)))))::text,
           '<p>' || b.body || '</p>', b.body, g.tags, (s % 5 = 0), b.words, greatest(1, ceil(b.words / 200.0)), c.at, c.at
           ${journal ? ', $6::uuid' : ''}
         FROM generate_series(1, $3::int) s
         CROSS JOIN LATERAL (SELECT now() - (s * interval '1 minute') * (3 * 365 * 1440 / $3::int) AS at) c
         CROSS JOIN LATERAL (
           SELECT string_agg(CASE WHEN random() < 0.1
                    -- one word in ten from a long tail of 200,000 rare words (zyx0 ... zyx199999)
                    THEN 'zyx' || floor(200000 * random())::int
                    ELSE ($4::text[])[1 + floor(array_length($4::text[], 1) * power(random(), 3))::int] END, ' ') AS body,
                  count(*)::int AS words
           FROM generate_series(1, 40 + (s % 120))) b
         CROSS JOIN LATERAL (
           SELECT initcap(array_to_string(ARRAY(SELECT ($4::text[])[1 + floor(array_length($4::text[], 1) * power(random(), 2))::int]
             FROM generate_series(1, 2 + (s % 4))), ' ')) AS title) t
         CROSS JOIN LATERAL (
           SELECT ARRAY(SELECT DISTINCT ($5::text[])[1 + floor(array_length($5::text[], 1) * power(random(), 2))::int]
             FROM generate_series(1, 1 + (s % 3))) AS tags) g`,
        [userId, `user${n}@example.com`, PER_USER, WORDS, TAGS, ...(journal ? [journal] : [])],
      );
      log(
        `seeded user ${n + 1}/${userIds.length} (${PER_USER} memories) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
    }
    for (const index of indexes) {
      const started = Date.now();
      await db.query(index.indexdef);
      log(`rebuilt ${index.indexname} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
    await db.query('VACUUM ANALYZE memory.memories');
  } finally {
    await db.end();
  }
}

/** A port of our own range, or a free one. */
async function portAt(offset: number, getFreePort: () => Promise<number>): Promise<number> {
  return FIXED_PORT === undefined ? getFreePort() : FIXED_PORT + offset;
}

function start(name: string, main: string, env: Record<string, string>, nodeOptions: string[] = []): ChildProcess {
  const profiling = CPU_PROFILE_DIR
    ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(CPU_PROFILE_DIR)}`, `--cpu-prof-name=${name}.cpuprofile`]
    : [];
  const child = spawn(process.execPath, [...profiling, ...nodeOptions, main], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  child.once('exit', (code) => code !== 0 && code !== null && log(`${name} exited with ${code}`));
  return child;
}

/** PostgreSQL in BENCH_PG_DIR (kept after the run), or a throw-away one. */
async function startPostgres(
  getFreePort: () => Promise<number>,
  startTestPostgres: () => Promise<{ url: string; stop(): Promise<void> }>,
) {
  if (!KEPT_DATA_DIR) return startTestPostgres();
  const child = spawn(
    process.execPath,
    [POSTGRES_RUNNER, path.resolve(KEPT_DATA_DIR), String(FIXED_POSTGRES_PORT ?? (await getFreePort()))],
    {
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  const url = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', (line) =>
      // The superuser, as the throw-away server's (a baseline build's database is a copy only it may make).
      resolve((JSON.parse(line) as { superuserUrl: string }).superuserUrl),
    );
    child.once('exit', (code) => reject(new Error(`PostgreSQL did not start (exit code ${code})`)));
  });
  return { url, stop: () => stop(child) };
}

/**
 * The owners of a kept database seeded with this shape, or undefined when it has to be seeded (fresh or other shape).
 */
async function seededOwners(url: string): Promise<string[] | undefined> {
  const db = new Client({ connectionString: url });
  await db.connect();
  const { rows } = await db
    .query<{ user_id: string; total: number }>(`SELECT user_id, total FROM memory.owner_counts ORDER BY user_id`)
    .finally(() => db.end());
  if (rows.length === 0) return undefined;
  if (rows.length !== USERS || rows.some((row) => row.total !== PER_USER)) {
    throw new Error(
      `${KEPT_DATA_DIR} holds another data set: delete the folder or use the same BENCH_USERS and BENCH_PER_USER`,
    );
  }
  return rows.map((row) => row.user_id);
}

/** A day on this machine's calendar, `yyyy-MM-dd` (what a browser here would send as today). */
function localDay(date: Date): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

/** The memory service's migrations in the build under `root` (this workspace or a kept one). */
function builtMemoryMigrations(root: string): Array<new () => { name: string }> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the service's build output
  const { MEMORY_MIGRATIONS } = require(
    path.join(root, 'services', 'memory', 'dist', 'database', 'memory.migrations.js'),
  ) as { MEMORY_MIGRATIONS: Array<new () => { name: string }> };
  return MEMORY_MIGRATIONS;
}

/**
 * The memory schema's migrations from the built service: all of them, or those before one (see TIME_MIGRATIONS_FROM).
 */
async function memoryMigrations(url: string) {
  const { migrateDatabase } = await import('@memories/nest-common');
  const MEMORY_MIGRATIONS = builtMemoryMigrations(REPO_ROOT);
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the service's build output
  const { assignDefaultJournals } = require(
    path.join(REPO_ROOT, 'services', 'memory', 'dist', 'database', 'backfills', 'assign-default-journals.js'),
  ) as { assignDefaultJournals: (dataSource: unknown) => Promise<void> };
  const apply = (migrations: typeof MEMORY_MIGRATIONS, afterMigrations?: typeof assignDefaultJournals) =>
    migrateDatabase({ url, schema: 'memory', migrations, afterMigrations });
  return {
    // What the service's own start-up runs: the migrations, then the backfills after them (timed together).
    all: () => apply(MEMORY_MIGRATIONS, assignDefaultJournals),
    before: async (name: string) => {
      const index = MEMORY_MIGRATIONS.findIndex((migration) => new migration().name === name);
      if (index === -1) throw new Error(`BENCH_TIME_MIGRATIONS_FROM: no memory migration is named ${name}`);
      return apply(MEMORY_MIGRATIONS.slice(0, index));
    },
  };
}

/**
 * The baseline build's own database: a copy of the seeded one with the migrations that build does not know reverted
 * (an older release refuses data a newer one migrated), made anew each run so it always matches BASELINE_BUILD.
 * Answers its URL. Nothing may be connected to the seeded database while PostgreSQL copies it.
 */
async function baselineDatabase(url: string, baselineBuild: string): Promise<string> {
  const { DataSource } = await import('typeorm');
  const { createDataSourceOptions, knownMigrationNames, readMigrationState } = await import('@memories/nest-common');
  const current = builtMemoryMigrations(REPO_ROOT);
  const known = new Set(knownMigrationNames({ migrations: builtMemoryMigrations(baselineBuild) }));
  const names = knownMigrationNames({ migrations: current });
  const newer = names.filter((name) => !known.has(name));
  if (names.slice(0, names.length - newer.length).some((name) => !known.has(name))) {
    throw new Error(`${baselineBuild} is not an earlier build of this one: its memory migrations are not a prefix`);
  }
  const source = new URL(url);
  const target = new URL(url);
  target.pathname = `${source.pathname}_baseline`;
  const [sourceName, targetName] = [source.pathname.slice(1), target.pathname.slice(1)];
  const maintenance = new URL(url);
  maintenance.pathname = '/postgres';
  const admin = new Client({ connectionString: maintenance.toString() });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${targetName}"`);
    const copying = Date.now();
    await admin.query(`CREATE DATABASE "${targetName}" TEMPLATE "${sourceName}"`);
    log(`copied the seeded database for the baseline build in ${((Date.now() - copying) / 1000).toFixed(0)} s`);
  } finally {
    await admin.end();
  }
  const dataSource = new DataSource(
    createDataSourceOptions({ url: target.toString(), schema: 'memory', migrations: current }),
  );
  await dataSource.initialize();
  try {
    // The seed is memories only; the auth schema is whatever the current build's auth service migrated on an earlier
    // run, which an older auth service refuses. Each build migrates its own.
    await dataSource.query('DROP SCHEMA IF EXISTS auth CASCADE');
    // Only what the copy has applied: a copy taken before the timed migrations has none of them.
    const { unknown: applied } = await readMigrationState(dataSource, 'memory', [...known]);
    for (const _ of applied) await dataSource.undoLastMigration({ transaction: 'all' });
    if (applied.length > 0) log(`reverted ${applied.join(', ')} in the baseline build's database`);
  } finally {
    await dataSource.destroy();
  }
  return target.toString();
}

/**
 * Runs the memory service's background upgrade of stored memories (SearchLayoutUpgrade, started by every memory
 * service after a migration that asks for it) to its end, timed, then VACUUM ANALYZE: the scenarios measure the data as
 * it is once the upgrade is done, never the upgrade competing with them. Answers the seconds it took and the memories
 * it moved; nothing to do (a database seeded with this build's layout, or one already upgraded) takes no time.
 */
async function finishBackgroundUpgrade(url: string): Promise<{ seconds: number; moved: number }> {
  const { DataSource } = await import('typeorm');
  const { createDataSourceOptions } = await import('@memories/nest-common');
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the service's build output
  const { SearchLayoutUpgrade } = require(
    path.join(REPO_ROOT, 'services', 'memory', 'dist', 'search', 'search-layout-upgrade.js'),
  ) as { SearchLayoutUpgrade: new (db: unknown) => { run(): Promise<number> } };
  const dataSource = new DataSource(createDataSourceOptions({ url, schema: 'memory', migrations: [] }));
  await dataSource.initialize();
  const started = Date.now();
  try {
    const moved = await new SearchLayoutUpgrade(dataSource).run();
    if (moved > 0) await dataSource.query('VACUUM ANALYZE memory.memories');
    return { seconds: (Date.now() - started) / 1000, moved };
  } finally {
    await dataSource.destroy();
  }
}

async function waitFor(url: string): Promise<void> {
  for (let attempt = 0; attempt < 300; attempt++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not come up`);
}

async function stop(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

function percentile(sorted: number[], p: number): number {
  return sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** One statement as the service sends it: named (prepared once per connection) when the service names it. */
function runStatement(pool: Pool, [text, values, name]: Statements[number]) {
  return name === undefined ? pool.query(text, values) : pool.query({ name, text, values });
}

/**
 * The baseline: `connections` callers sharing a pool of SQL_POOL connections, for DURATION_S, on the same queries
 * (all at once, as the list sends its page and count; or one after the other, as a search asks for word forms first).
 */
async function direct(
  pool: Pool,
  queries: Statements,
  connections: number,
  inOrder = false,
  cpu = () => new Map() as CpuSample,
): Promise<Figures> {
  const latencies: number[] = [];
  let failures = 0;
  const before = cpu();
  const deadline = Date.now() + DURATION_S * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (Date.now() < deadline) {
        const started = performance.now();
        try {
          if (inOrder) for (const statement of queries) await runStatement(pool, statement);
          else await Promise.all(queries.map((statement) => runStatement(pool, statement)));
          latencies.push(performance.now() - started);
        } catch {
          failures++;
        }
      }
    }),
  );
  return summary(
    latencies,
    failures,
    latencies.length / DURATION_S,
    cpuPerRequest(before, cpu(), latencies.length + failures),
  );
}

function summary(latencies: number[], failures: number, reqPerSec: number, cpu: Map<string, number>): Figures {
  latencies.sort((a, b) => a - b);
  return {
    reqPerSec,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    failures,
    cpu,
  };
}

/** Each figure's median over the runs (failures summed). */
function medianFigures(runs: Figures[]): Figures {
  const medianOf = (pick: (figures: Figures) => number) => median(runs.map(pick));
  return {
    reqPerSec: medianOf((f) => f.reqPerSec),
    p50: medianOf((f) => f.p50),
    p95: medianOf((f) => f.p95),
    p99: medianOf((f) => f.p99),
    failures: runs.reduce((sum, f) => sum + f.failures, 0),
    cpu: new Map([...runs[0].cpu.keys()].map((group) => [group, medianOf((f) => f.cpu.get(group) ?? 0)])),
  };
}

/**
 * The API under load. Latencies are kept to the microsecond from autocannon's own per-response timing (its
 * histogram rounds to whole milliseconds, too coarse for a 3 ms target), successful answers only.
 */
async function viaGateway(
  autocannon: Autocannon,
  url: string,
  token: string,
  connections: number,
  cpu: () => CpuSample,
): Promise<Figures> {
  const options = { url, connections, headers: { authorization: `Bearer ${token}` } };
  await autocannon({ ...options, duration: 2 });
  const latencies: number[] = [];
  const before = cpu();
  const running = autocannon({ ...options, duration: DURATION_S });
  running.on('response', (_client, statusCode, _bytes, milliseconds) => {
    if (statusCode >= 200 && statusCode < 300) latencies.push(milliseconds);
  });
  const result = await running;
  const failures = result.non2xx + result.errors;
  return summary(
    latencies,
    failures,
    result.requests.average,
    cpuPerRequest(before, cpu(), latencies.length + failures),
  );
}

/** The figure a target is about, from the medians of one scenario. */
function measured(target: Target, api: Figures, sql: Figures): number {
  return target.figure === 'ratio' ? (100 * api.reqPerSec) / sql.reqPerSec : api[target.figure];
}

function describeTarget(target: Target): string {
  return target.figure === 'ratio'
    ? `API / SQL throughput ≥ ${target.limit} %`
    : `API ${target.figure} ≤ ${target.limit} ms`;
}

const CPU_GROUPS = [
  'gateway',
  'memory service',
  'nats-server',
  'PostgreSQL',
  'bench (autocannon or pg client)',
] as const;

async function main(): Promise<void> {
  if (
    (await run(NX_BIN, [
      'run-many',
      '-t',
      'build',
      '-p',
      'memory',
      'gateway',
      'auth',
      'server-testing',
      '--outputStyle=static',
    ])) !== 0
  ) {
    process.exit(1);
  }
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- autocannon ships no types
  const autocannon = require('autocannon') as Autocannon;
  const { getFreePort, startNatsServer, startTestPostgres } = await import('@memories/server-testing');
  const started = await Promise.allSettled([
    startPostgres(getFreePort, startTestPostgres),
    startNatsServer({ port: await portAt(2, getFreePort) }),
  ]);
  const [postgres, nats] = [
    started[0].status === 'fulfilled' ? started[0].value : undefined,
    started[1].status === 'fulfilled' ? started[1].value : undefined,
  ];
  if (!postgres || !nats) {
    // One of them failed: stop the other, so that nothing outlives the run.
    await Promise.all([postgres?.stop(), nats?.stop()]);
    throw started
      .map((result) => (result.status === 'rejected' ? (result.reason as unknown) : undefined))
      .find(Boolean);
  }
  const children: ChildProcess[] = [];
  const scratch = mkdtempSync(path.join(tmpdir(), 'bench-api-'));
  let baselineNats: { url: string; stop(): Promise<void> } | undefined;
  let sink: OtlpSink | undefined;
  // Connections stay open between the SQL runs (the default closes them after 10 s idle, and the next run would pay
  // for new ones), as the service's pool keeps its own busy.
  let pool: Pool | undefined;
  try {
    const migrations = await memoryMigrations(postgres.url);
    if (TIME_MIGRATIONS_FROM) await migrations.before(TIME_MIGRATIONS_FROM);
    else await migrations.all();
    const kept = await seededOwners(postgres.url);
    const userIds = kept ?? Array.from({ length: USERS }, () => randomUUID());
    const seeding = Date.now();
    if (!kept) await seed(postgres.url, userIds);
    const seedSeconds = (Date.now() - seeding) / 1000;
    log(
      kept
        ? `reusing the ${USERS * PER_USER} memories in ${KEPT_DATA_DIR}`
        : `seeded ${USERS * PER_USER} memories in ${seedSeconds.toFixed(0)} s`,
    );
    // The baseline's copy is taken before this build's own migrations when the seed is older than them: a migration
    // or a backfill that writes every row (AddJournals) stores each row again under this build's layout, which the
    // baseline build never had (the search vector inside the row, KeepSearchVectorsInline).
    let baselineUrl =
      BASELINE_BUILD && TIME_MIGRATIONS_FROM ? await baselineDatabase(postgres.url, BASELINE_BUILD) : undefined;
    const migrating = Date.now();
    const timed = TIME_MIGRATIONS_FROM ? await migrations.all() : [];
    const migrationSeconds = (Date.now() - migrating) / 1000;
    if (timed.length > 0) {
      log(`migrations ${timed.join(', ')} over ${USERS * PER_USER} memories took ${migrationSeconds.toFixed(0)} s`);
      // As after the seed (and as docs/deploy.md asks after an upgrade): a rewritten table's visibility map is empty.
      const db = new Client({ connectionString: postgres.url });
      await db.connect();
      await db.query('VACUUM ANALYZE memory.memories').finally(() => db.end());
    }
    // Otherwise before the background upgrade: the copy keeps the stored layout its build knows.
    baselineUrl ??= BASELINE_BUILD ? await baselineDatabase(postgres.url, BASELINE_BUILD) : undefined;
    const upgrade = await finishBackgroundUpgrade(postgres.url);
    if (upgrade.moved > 0) {
      log(
        `the background upgrade moved ${upgrade.moved} memories to the search layout in ${upgrade.seconds.toFixed(0)} s`,
      );
    }
    pool = new Pool({ connectionString: postgres.url, max: SQL_POOL, idleTimeoutMillis: 0 });

    const keys = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    sink = TRACE_SAMPLE ? await startOtlpSink() : undefined;
    const tracing: Record<string, string> = sink
      ? {
          OTEL_EXPORTER_OTLP_ENDPOINT: sink.url,
          OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
          OTEL_TRACES_SAMPLER_ARG: String(TRACE_SAMPLE),
        }
      : {};
    /**
     * A gateway and a memory service of the build in `root` on its database, on the ports from `offset`; answers the
     * API's base URL.
     */
    const startServices = async (root: string, databaseUrl: string, natsUrl: string, offset: number, label: string) => {
      const [gatewayPort, memoryPort] = [await portAt(offset, getFreePort), await portAt(offset + 1, getFreePort)];
      // Since issue 35 the gateway asks the auth service whether an account is still enabled (cached for
      // ACCOUNT_STATUS_CACHE_SECONDS, 30 s), so a build that has it runs it on its bus; older builds never asked.
      const authMain = path.join(root, 'services', 'auth', 'dist', 'main.js');
      if (existsSync(authMain)) {
        const authPort = await portAt(offset + 7, getFreePort);
        const authEnv = {
          DATABASE_URL: databaseUrl,
          NATS_URL: natsUrl,
          PORT: String(authPort),
          LOG_LEVEL: 'warn',
          AUTH_JWT_PRIVATE_KEY: keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
        };
        const migration = start(
          `auth-migrate${label}`,
          path.join(root, 'services', 'auth', 'dist', 'migrate.js'),
          authEnv,
        );
        if ((await new Promise((resolve) => migration.once('exit', resolve))) !== 0) {
          throw new Error(`the auth schema of ${root} did not migrate`);
        }
        children.push(start(`auth${label}`, authMain, authEnv));
        await waitFor(`http://127.0.0.1:${authPort}/health/ready`);
      }
      // Only the current build traces (the baseline build stays as it was).
      const traced = root === REPO_ROOT ? tracing : {};
      const memory = start(`memory${label}`, path.join(root, 'services', 'memory', 'dist', 'main.js'), {
        DATABASE_URL: databaseUrl,
        NATS_URL: natsUrl,
        PORT: String(memoryPort),
        LOG_LEVEL: 'warn',
        ...traced,
      });
      const gateway = start(`gateway${label}`, path.join(root, 'services', 'gateway', 'dist', 'main.js'), {
        NATS_URL: natsUrl,
        PORT: String(gatewayPort),
        LOG_LEVEL: 'warn',
        ...traced,
        AUTH_JWT_PUBLIC_KEY: keys.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
      });
      children.push(memory, gateway);
      await Promise.all([
        waitFor(`http://127.0.0.1:${memoryPort}/health/ready`),
        waitFor(`http://127.0.0.1:${gatewayPort}/health/live`),
      ]);
      return { api: `http://127.0.0.1:${gatewayPort}/api/memories`, gatewayPid: gateway.pid, memoryPid: memory.pid };
    };
    const current = await startServices(REPO_ROOT, postgres.url, nats.url, 0, '');
    const userId = userIds[0];
    const token = accessToken(keys.privateKey, userId);
    if (BASELINE_BUILD) baselineNats = await startNatsServer({ port: await portAt(5, getFreePort) });
    const baseline =
      BASELINE_BUILD && baselineNats && baselineUrl
        ? await startServices(BASELINE_BUILD, baselineUrl, baselineNats.url, 3, '-baseline')
        : undefined;
    // The floor: the same HTTP and NATS hops with no framework and no database, answering a list page's bytes.
    const floorPort = await portAt(6, getFreePort);
    // Also the proof that the bench's token is accepted: a run of refused requests would measure nothing.
    const listPage = await fetch(`${current.api}/my`, { headers: { authorization: `Bearer ${token}` } });
    if (!listPage.ok) throw new Error(`GET ${current.api}/my answered ${listPage.status}: ${await listPage.text()}`);
    writeFileSync(path.join(scratch, 'list-page.json'), Buffer.from(await listPage.arrayBuffer()));
    const floorEnv = { NATS_URL: nats.url, PORT: String(floorPort), REPLY_FILE: path.join(scratch, 'list-page.json') };
    const floor = [
      start('floor-gateway', FLOOR_GATEWAY, floorEnv, ['--import', 'tsx']),
      start('floor-responder', FLOOR_RESPONDER, floorEnv, ['--import', 'tsx']),
    ];
    children.push(...floor);
    await waitFor(`http://127.0.0.1:${floorPort}/`);
    const [gatewayPids, memoryPids] = [
      [current.gatewayPid, baseline?.gatewayPid, floor[0].pid],
      [current.memoryPid, baseline?.memoryPid, floor[1].pid],
    ];
    // The idle build's processes add next to nothing to a run of the other.
    const processGroup = ({ pid, name }: { pid: number; name: string }) =>
      gatewayPids.includes(pid)
        ? CPU_GROUPS[0]
        : memoryPids.includes(pid)
          ? CPU_GROUPS[1]
          : name === 'nats-server'
            ? CPU_GROUPS[2]
            : name === 'postgres'
              ? CPU_GROUPS[3]
              : pid === process.pid
                ? CPU_GROUPS[4]
                : undefined;
    const cpu = () => sampleCpu(process.pid, processGroup);

    const api = current.api;
    const { rows } = await pool.query<{ id: string }>(
      `SELECT id FROM memory.memories WHERE user_id = $1 ORDER BY created_at DESC LIMIT 1 OFFSET 777`,
      [userId],
    );
    const memoryId = rows[0].id;

    const statements = memoryStatements(pool, userId);
    const day = localDay(new Date());
    const lastYear = Number(day.slice(0, 4)) - 1;
    const month = {
      from: `${day.slice(0, 7)}-01`,
      to: localDay(new Date(Number(day.slice(0, 4)), Number(day.slice(5, 7)), 0)),
    };
    // Deep in the past: the page after the memory 100 places from the owner's oldest.
    const deepCursor = await statements.cursorAt(PER_USER - 100);
    const query = (values: Record<string, string | number>) =>
      new URLSearchParams(Object.entries(values).map(([key, value]) => [key, String(value)])).toString();
    const searchScenario = async (
      name: string,
      q: string,
      connections = SEARCH_CONNECTIONS,
      targets: Target[] = [],
    ): Promise<Scenario> => ({
      name: `dashboard search, ${name} "${q}" (12 with snippets${connections === 1 ? ', 1 caller' : ''})`,
      connections,
      url: `${api}/search?${query({ q, size: DASHBOARD_PAGE_SIZE })}`,
      // Asks for the owner's other forms of the words first, then searches: one after the other, as the service does.
      statements: await statements.search({ q, size: DASHBOARD_PAGE_SIZE }),
      inOrder: true,
      targets,
    });
    const look = async (
      name: string,
      path: string,
      recorded: Promise<Statements>,
      targets: Target[] = [],
    ): Promise<Scenario> => ({
      name,
      connections: SEARCH_CONNECTIONS,
      url: `${api}/${path}`,
      statements: await recorded,
      targets,
    });
    const getById = await statements.get(memoryId);
    const [firstPage, page100, tagFilter, titleFilter] = [
      await statements.list({}, 0),
      await statements.list({}, 1000),
      await statements.list({ tags: ['travel'] }, 0),
      await statements.list({ title: TITLE_FILTER }, 0),
    ];
    const ratio = (issue: number, limit: number): Target => ({ issue, figure: 'ratio', limit });
    // Every memory of the person is in their default journal (the journals' backfill put it there).
    const { rows: journalRows } = await pool.query<{ journal_id: string }>(
      `SELECT journal_id FROM memory.memories WHERE user_id = $1 LIMIT 1`,
      [userId],
    );
    const journalId = journalRows[0].journal_id;
    const journalFirstPage = await statements.list({}, 0, journalId);

    const scenarios: Scenario[] = [
      {
        name: 'list, first page',
        connections: CONNECTIONS,
        url: `${api}/my`,
        statements: firstPage,
        targets: [ratio(23, 55)],
      },
      {
        name: 'journal list, first page (the default journal: all the person’s memories)',
        connections: CONNECTIONS,
        url: `${api.replace(/\/memories$/, '')}/journals/${journalId}/memories`,
        statements: journalFirstPage,
        against: { name: 'list, first page', url: `${api}/my`, issue: 37, percent: 95 },
      },
      {
        name: 'list, page 100',
        connections: CONNECTIONS,
        url: `${api}/my?page=100`,
        statements: page100,
        targets: [ratio(23, 55)],
      },
      {
        name: 'tag filter (first page)',
        connections: CONNECTIONS,
        url: `${api}/my?tags=travel`,
        statements: tagFilter,
        targets: [ratio(23, 55)],
      },
      {
        name: `title filter "${TITLE_FILTER}" (first page; no longer used by the dashboard)`,
        connections: CONNECTIONS,
        url: `${api}/my?title=${TITLE_FILTER}`,
        statements: titleFilter,
      },
      {
        name: 'get by id',
        connections: CONNECTIONS,
        url: `${api}/memory/${memoryId}`,
        statements: getById,
        targets: [ratio(23, 45)],
      },
      {
        name: 'floor: bare HTTP → NATS → a fixed list page (no framework, no validation, no database; SQL: the list)',
        connections: 10,
        url: `http://127.0.0.1:${floorPort}/`,
        statements: firstPage,
        outsideTheApi: true,
      },
      // What a few people at once and one person alone feel (issue 23).
      {
        name: 'list, first page (10 callers)',
        connections: 10,
        url: `${api}/my`,
        statements: firstPage,
        targets: [{ issue: 23, figure: 'p95', limit: 15 }],
      },
      {
        name: 'get by id (10 callers)',
        connections: 10,
        url: `${api}/memory/${memoryId}`,
        statements: getById,
        targets: [{ issue: 23, figure: 'p95', limit: 8 }],
      },
      {
        name: 'list, first page (1 caller)',
        connections: 1,
        url: `${api}/my`,
        statements: firstPage,
        targets: [{ issue: 23, figure: 'p50', limit: 4 }],
      },
      {
        name: 'get by id (1 caller)',
        connections: 1,
        url: `${api}/memory/${memoryId}`,
        statements: getById,
        targets: [{ issue: 23, figure: 'p50', limit: 3 }],
      },
      await searchScenario('medium term', SEARCH.medium, 1, [{ issue: 23, figure: 'p50', limit: 15 }]),
      await searchScenario('rare term', SEARCH.rare),
      await searchScenario('medium term', SEARCH.medium, SEARCH_CONNECTIONS, [{ issue: 18, figure: 'p95', limit: 60 }]),
      await searchScenario('most common term', SEARCH.common, SEARCH_CONNECTIONS, [
        { issue: 18, figure: 'p99', limit: 150 },
      ]),
      await searchScenario('typing a medium term', SEARCH.medium.slice(0, 5)),
      await look('on this day', `on-this-day?date=${day}`, statements.onThisDay({ date: day }), [
        { issue: 18, figure: 'p95', limit: 15 },
      ]),
      await look('calendar, one month', `calendar?${query(month)}`, statements.calendar(month), [
        { issue: 18, figure: 'p95', limit: 15 },
      ]),
      await look(
        `calendar, heat map of ${lastYear}`,
        `calendar?from=${lastYear}-01-01&to=${lastYear}-12-31`,
        statements.calendar({ from: `${lastYear}-01-01`, to: `${lastYear}-12-31` }),
        [{ issue: 18, figure: 'p95', limit: 40 }],
      ),
      await look('timeline, first page', 'timeline?size=20', statements.timeline({ size: 20 })),
      await look(
        'timeline, a page deep in the past',
        `timeline?${query({ size: 20, cursor: deepCursor })}`,
        statements.timeline({ size: 20, cursor: deepCursor }),
      ),
      await look('years', 'years', statements.years()),
      await look('writing stats', `stats?date=${day}`, statements.stats({ date: day })),
    ];
    const { rows: counts } = await pool.query<{ term: string; matches: number }>(
      `SELECT t.term, (SELECT count(*) FROM memory.memories m WHERE m.user_id = $1 AND m.search_vector @@ to_tsquery('memory.search_words', t.term || ':*'))::int AS matches
       FROM unnest($2::text[]) AS t(term)`,
      [userId, Object.values(SEARCH)],
    );
    const lines: string[] = [];
    const cpuLines: string[] = [];
    const targetLines: string[] = [];
    const baselineLines: string[] = [];
    const loadBefore = loadavg()[0];
    for (const scenario of scenarios.filter(({ name }) => !ONLY || ONLY.some((part) => name.includes(part)))) {
      const { name, connections, url, statements: queries, inOrder } = scenario;
      const load = loadavg()[0];
      const apiRuns: Figures[] = [];
      const againstRuns: Figures[] = [];
      const baselineRuns: Figures[] = [];
      const sqlRuns: Figures[] = [];
      const describe = (figures: Figures) =>
        `${figures.reqPerSec.toFixed(0)} req/s p50 ${figures.p50.toFixed(1)} p95 ${figures.p95.toFixed(1)} ms`;
      for (let run = 1; run <= REPEAT; run++) {
        const runCurrent = async () => apiRuns.push(await viaGateway(autocannon, url, token, connections, cpu));
        const runBaseline = async () =>
          baseline &&
          !scenario.outsideTheApi &&
          baselineRuns.push(
            await viaGateway(autocannon, url.replace(current.api, baseline.api), token, connections, cpu),
          );
        const runAgainst = async () =>
          scenario.against &&
          againstRuns.push(await viaGateway(autocannon, scenario.against.url, token, connections, cpu));
        // The two builds, and the route compared with, take turns going first.
        for (const measure of run % 2 ? [runCurrent, runBaseline, runAgainst] : [runAgainst, runBaseline, runCurrent])
          await measure();
        sqlRuns.push(await direct(pool, queries, connections, inOrder, cpu));
        log(
          `${name} (run ${run}/${REPEAT}): api ${describe(apiRuns[run - 1])}; ` +
            (baselineRuns[run - 1] ? `baseline build ${describe(baselineRuns[run - 1])}; ` : '') +
            `sql ${describe(sqlRuns[run - 1])}`,
        );
      }
      const [api, sql] = [medianFigures(apiRuns), medianFigures(sqlRuns)];
      // The database's own work for one request, with nothing else of the bench in flight: the figure a busy machine
      // disturbs least (a scenario of one caller measured it already).
      const alone = connections === 1 ? sql : await direct(pool, queries, 1, inOrder);
      const throughputRatio = (100 * api.reqPerSec) / sql.reqPerSec;
      lines.push(
        `| ${name} | ${connections} | ${load.toFixed(1)} | ${api.reqPerSec.toFixed(0)} | ${api.p50.toFixed(1)} | ${api.p95.toFixed(1)} | ${api.p99.toFixed(1)} | ${api.failures} | ` +
          `${sql.reqPerSec.toFixed(0)} | ${sql.p50.toFixed(1)} | ${sql.p95.toFixed(1)} | ${sql.p99.toFixed(1)} | ${throughputRatio.toFixed(0)} % | ` +
          `${alone.p50.toFixed(1)} |`,
      );
      const micros = (figures: Figures, groups: readonly string[]) => {
        const values = groups.map((group) => figures.cpu.get(group) ?? 0);
        return [...values, values.reduce((sum, value) => sum + value, 0)].map((value) => value.toFixed(0)).join(' | ');
      };
      cpuLines.push(
        `| ${name} | ${connections} | ${micros(api, CPU_GROUPS)} | ${micros(sql, [CPU_GROUPS[3], CPU_GROUPS[4]])} |`,
      );
      if (scenario.against)
        cpuLines.push(
          `| (in the same runs) ${scenario.against.name} | ${connections} | ${micros(medianFigures(againstRuns), CPU_GROUPS)} | | | |`,
        );
      if (baselineRuns.length > 0) {
        const before = medianFigures(baselineRuns);
        // As for a route compared with another: each run measured the two builds back to back, so the median of the
        // runs' own ratios is the reading a slow spell of the machine disturbs least; the ratio of the medians stays
        // beside it.
        const runP95Ratios = apiRuns.map((run, index) => run.p95 / baselineRuns[index].p95);
        baselineLines.push(
          `| ${name} | ${connections} | ${before.reqPerSec.toFixed(0)} → ${api.reqPerSec.toFixed(0)} (${(api.reqPerSec / before.reqPerSec).toFixed(2)}x) | ` +
            `${before.p50.toFixed(1)} → ${api.p50.toFixed(1)} | ${before.p95.toFixed(1)} → ${api.p95.toFixed(1)} (${(api.p95 / before.p95).toFixed(2)}x) | ` +
            `${median(runP95Ratios).toFixed(2)}x (runs ${runP95Ratios.map((ratio) => ratio.toFixed(2)).join(', ')}) | ` +
            `${micros(before, CPU_GROUPS)} | ${micros(api, CPU_GROUPS)} |`,
        );
      }
      if (scenario.against) {
        const { name: otherName, issue, percent } = scenario.against;
        const other = medianFigures(againstRuns);
        // Each run's two routes ran back to back, so their ratio is what a slow spell of the machine disturbs least:
        // the target reads the median of those ratios, and the line shows each run's too.
        const runShares = apiRuns.map((run, index) => (100 * run.reqPerSec) / againstRuns[index].reqPerSec);
        const share = median(runShares);
        targetLines.push(
          `| ${issue} | ${name} | ${connections} | API req/s ≥ ${percent} % of "${otherName}", run by run | ` +
            `${share.toFixed(0)} % (runs ${runShares.map((value) => value.toFixed(0)).join(', ')}; medians ${api.reqPerSec.toFixed(0)} against ${other.reqPerSec.toFixed(0)} req/s) | ${share >= percent ? 'met' : 'not met'} |`,
        );
      }
      for (const target of scenario.targets ?? []) {
        const value = measured(target, api, sql);
        const met = target.figure === 'ratio' ? value >= target.limit : value <= target.limit;
        const unit = target.figure === 'ratio' ? ' %' : ' ms';
        const baseline =
          target.figure === 'ratio' ? '' : ` (SQL alone at ${connections}: ${sql[target.figure].toFixed(1)} ms)`;
        targetLines.push(
          `| ${target.issue} | ${name} | ${connections} | ${describeTarget(target)} | ${value.toFixed(target.figure === 'ratio' ? 0 : 1)}${unit}${baseline} | ${met ? 'met' : 'not met'} |`,
        );
      }
    }
    process.stdout.write(
      `\nMemory API benchmark: ${USERS} users x ${PER_USER} memories (${kept ? 'kept from an earlier run' : `seeded in ${seedSeconds.toFixed(0)} s`}), ` +
        (timed.length > 0 ? `migrations ${timed.join(', ')} over them in ${migrationSeconds.toFixed(0)} s, ` : '') +
        (upgrade.moved > 0
          ? `the background upgrade over ${upgrade.moved} of them in ${upgrade.seconds.toFixed(0)} s, `
          : '') +
        `${DURATION_S} s per scenario after a 2 s warm-up${REPEAT > 1 ? `, median of ${REPEAT} alternating API/SQL runs` : ''}, Node ${process.version}\n` +
        `Matches for the measured user: ${counts.map((c) => `"${c.term}" ${c.matches}`).join(', ')} (of ${PER_USER})\n` +
        `Load average (1 min) of the machine: ${loadBefore.toFixed(1)} before the scenarios, ${loadavg()[0].toFixed(1)} after\n` +
        (sink
          ? `Current build tracing at a ${TRACE_SAMPLE} sample (${sink.batches()} batches of spans exported)\n\n`
          : '\n') +
        '| scenario | connections | load average at start | API req/s | API p50 ms | API p95 ms | API p99 ms | API failures | SQL req/s | SQL p50 ms | SQL p95 ms | SQL p99 ms | API / SQL throughput | SQL alone, 1 caller, p50 ms |\n' +
        '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n' +
        `${lines.join('\n')}\n\n` +
        'CPU per request (µs, from /proc over the measured runs, medians):\n\n' +
        '| scenario | connections | API: gateway | API: memory service | API: nats-server | API: PostgreSQL | API: autocannon | API: all | SQL: PostgreSQL | SQL: pg client | SQL: all |\n' +
        '|---|---|---|---|---|---|---|---|---|---|---|\n' +
        `${cpuLines.join('\n')}\n\n` +
        'Targets:\n\n| issue | scenario | connections | target | measured | |\n|---|---|---|---|---|---|\n' +
        `${targetLines.join('\n')}\n` +
        (baseline
          ? `\nAgainst the baseline build in ${BASELINE_BUILD} (medians; CPU per request in µs: gateway | memory service | nats-server | PostgreSQL | autocannon | all):\n\n` +
            '| scenario | connections | API req/s baseline → current | p50 ms | p95 ms (ratio of medians) | p95 ratio, run by run (median) | CPU baseline | | | | | | CPU current | | | | | |\n' +
            '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n' +
            `${baselineLines.join('\n')}\n`
          : ''),
    );
  } finally {
    await pool?.end();
    await Promise.all(children.map(stop));
    rmSync(scratch, { recursive: true, force: true });
    await Promise.all([nats.stop(), baselineNats?.stop(), postgres.stop(), sink?.close()]);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
