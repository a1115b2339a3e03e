// `npm run bench:footprint`: how much memory `npm start` holds for one person (issue 39). Starts the built `npm start`
// with a new data directory, signs one person up, and reads the whole process tree's memory (RSS and PSS, summed
// over npm, the launcher, the server and PostgreSQL) idle after start, then after a mixed load from that person (list,
// open, save, search, upload). With BENCH_FOOTPRINT_BASELINE=<another checkout, npm ci and a first `npm start` done>
// the two checkouts run in turn, and the ratio is taken run by run. PSS counts a page shared by n processes as 1/n
// of it (PostgreSQL's shared buffers, Node's code), so its sum is what the tree really costs the machine.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { CLIENT_HEADER } from '@memories/contracts';
import { REPO_ROOT, parentOf, procStatFields } from '../launch/process-group';
import { withNpmStart } from './npm-start-run';
import { median } from './statistics';

const RUNS = Math.max(1, Number(process.env.BENCH_FOOTPRINT_RUNS ?? 1));
const IDLE_S = Number(process.env.BENCH_FOOTPRINT_IDLE_S ?? 30);
const LOAD_S = Number(process.env.BENCH_FOOTPRINT_LOAD_S ?? 300);
/** A person's pace: the pause between two of their requests. */
const PAUSE_MS = Number(process.env.BENCH_FOOTPRINT_PAUSE_MS ?? 100);
const PORT = process.env.BENCH_FOOTPRINT_PORT ?? '4351';
const POSTGRES_PORT = process.env.BENCH_FOOTPRINT_POSTGRES_PORT ?? '54381';
const BASELINE = process.env.BENCH_FOOTPRINT_BASELINE ? path.resolve(process.env.BENCH_FOOTPRINT_BASELINE) : undefined;
const READY_WITHIN_MS = 600_000;
const API = `http://127.0.0.1:${PORT}/api`;
/** Sent by every client of ours: the gateway refuses state-changing requests without it (CSRF). */
const CLIENT_HEADERS = { 'content-type': 'application/json', [CLIENT_HEADER.name]: CLIENT_HEADER.value };
const PASSWORD = 'correct horse battery staple';
const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

interface ProcessMemory {
  pid: number;
  name: string;
  rssKb: number;
  pssKb: number;
  /** CPU time since the process started (user + system), in seconds. */
  cpuS: number;
}

/** One reading of the tree: each process and the sums. */
interface TreeReading {
  processes: ProcessMemory[];
  rssMb: number;
  pssMb: number;
  cpuS: number;
}

/** Clock ticks a second of /proc's CPU times (USER_HZ: 100 on every Linux this runs on). */
const TICKS_PER_S = 100;

function cpuSecondsOf(pid: number): number {
  const fields = procStatFields(pid);
  // utime and stime are fields 14 and 15 of the whole line, 12 and 13 after the name.
  return fields ? (Number(fields[11]) + Number(fields[12])) / TICKS_PER_S : 0;
}

/** `root` and every process below it. */
function treeOf(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    const parent = parentOf(pid);
    if (parent !== undefined) children.set(parent, [...(children.get(parent) ?? []), pid]);
  }
  const tree: number[] = [];
  const visit = (pid: number) => {
    tree.push(pid);
    for (const child of children.get(pid) ?? []) visit(child);
  };
  visit(root);
  return tree;
}

/** A short name for a process: its command and, for node, the script it runs. */
function nameOf(pid: number): string {
  try {
    const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    const command = path.basename(argv[0] ?? '?');
    const script = argv.slice(1).find((arg) => !arg.startsWith('-'));
    return script ? `${command} ${path.relative(REPO_ROOT, path.resolve(script)) || script}` : command;
  } catch {
    return '?';
  }
}

function readTree(root: number): TreeReading {
  const processes: ProcessMemory[] = [];
  for (const pid of treeOf(root)) {
    try {
      const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
      const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(rollup)?.[1] ?? 0);
      processes.push({ pid, name: nameOf(pid), rssKb: field('Rss'), pssKb: field('Pss'), cpuS: cpuSecondsOf(pid) });
    } catch {
      // The process ended between the listing and the reading.
    }
  }
  const sum = (key: 'rssKb' | 'pssKb' | 'cpuS') => processes.reduce((total, item) => total + item[key], 0);
  return { processes, rssMb: sum('rssKb') / 1024, pssMb: sum('pssKb') / 1024, cpuS: sum('cpuS') };
}

async function call(method: string, url: string, token: string | undefined, body?: unknown): Promise<unknown> {
  const response = await fetch(url.startsWith('http') ? url : `${API}${url}`, {
    method,
    headers: { ...CLIENT_HEADERS, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  const text = await response.text();
  return text ? (JSON.parse(text) as { data?: unknown }).data : undefined;
}

async function signUp(): Promise<string> {
  const email = `footprint-${Date.now().toString(36)}@example.com`;
  await call('POST', '/auth/register', undefined, {
    name: 'Pat Footprint',
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
  });
  const { accessToken } = (await call('POST', '/auth/login', undefined, {
    email,
    password: PASSWORD,
    rememberMe: false,
  })) as {
    accessToken: string;
  };
  return accessToken;
}

const WORDS = ['lake', 'harbour', 'morning', 'letters', 'garden', 'bicycle', 'cathedral', 'rain', 'market', 'birthday'];
const paragraphs = (seed: number) => ({
  type: 'doc',
  content: Array.from({ length: 8 }, (_, index) => ({
    type: 'paragraph',
    content: [
      {
        type: 'text',
        text: Array.from({ length: 40 }, (_, word) => WORDS[(seed + index + word) % WORDS.length]).join(' '),
      },
    ],
  })),
});

/** One person's mixed use for LOAD_S seconds: write, list, open, save, search, and now and then an image. */
async function mixedLoad(token: string): Promise<number> {
  const until = performance.now() + LOAD_S * 1000;
  const pause = () => new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
  let requests = 0;
  for (let round = 0; performance.now() < until; round++) {
    const body = {
      title: `Footprint ${round}`,
      date: `2026-${String((round % 12) + 1).padStart(2, '0')}-${String((round % 28) + 1).padStart(2, '0')}`,
      contentJson: JSON.stringify(paragraphs(round)),
      tags: [WORDS[round % WORDS.length]],
      isDraft: round % 3 === 0,
      thumbnailUrl: '',
      sharedWith: [],
    };
    const created = (await call('POST', '/memories/memory', token, body)) as { id: string; version: number };
    await pause();
    await call('GET', `/memories/my?page=0&size=20`, token);
    await pause();
    await call('GET', `/memories/memory/${created.id}`, token);
    await pause();
    await call('PUT', `/memories/memory/${created.id}`, token, {
      ...body,
      title: `${body.title}, again`,
      version: created.version,
    });
    await pause();
    await call('GET', `/memories/search?q=${WORDS[(round + 3) % WORDS.length]}`, token);
    await pause();
    requests += 5;
    if (round % 10 === 0) {
      const { uploadUrl } = (await call('POST', '/upload/presigned-url', token, {
        fileName: `p${round}.png`,
        fileType: 'image/png',
      })) as {
        uploadUrl: string;
      };
      // The embedded mode stores files itself and grants a URL on its own origin.
      const stored = await fetch(new URL(uploadUrl, `http://127.0.0.1:${PORT}`), {
        method: 'PUT',
        headers: { 'content-type': 'image/png' },
        body: ONE_PIXEL_PNG,
      });
      if (!stored.ok) throw new Error(`PUT ${uploadUrl}: ${stored.status}`);
      requests += 2;
      await pause();
    }
  }
  return requests;
}

interface RunResult {
  idle: TreeReading;
  loaded: TreeReading;
  requests: number;
}

/** Starts `npm start` in `checkout`, reads the tree idle and after the load, and stops it. */
function measure(checkout: string): Promise<RunResult> {
  return withNpmStart(
    checkout,
    { port: PORT, postgresPort: POSTGRES_PORT, readyWithinMs: READY_WITHIN_MS },
    async ({ pid }) => {
      const token = await signUp();
      await new Promise((resolve) => setTimeout(resolve, IDLE_S * 1000));
      const idle = readTree(pid);
      log(
        `${checkout}: idle ${idle.rssMb.toFixed(0)} MB RSS, ${idle.pssMb.toFixed(0)} MB PSS; loading for ${LOAD_S} s`,
      );
      const requests = await mixedLoad(token);
      const loaded = readTree(pid);
      log(
        `${checkout}: after ${requests} requests ${loaded.rssMb.toFixed(0)} MB RSS, ${loaded.pssMb.toFixed(0)} MB PSS`,
      );
      return { idle, loaded, requests };
    },
  );
}

function log(message: string): void {
  process.stderr.write(`[bench:footprint] ${message}\n`);
}

/** The processes of one reading, largest first, grouped by name (PostgreSQL's many backends in one line). */
function breakdown(reading: TreeReading): string[] {
  const groups = new Map<string, { count: number; rssKb: number; pssKb: number }>();
  for (const { name, rssKb, pssKb } of reading.processes) {
    const group = groups.get(name) ?? { count: 0, rssKb: 0, pssKb: 0 };
    groups.set(name, { count: group.count + 1, rssKb: group.rssKb + rssKb, pssKb: group.pssKb + pssKb });
  }
  return [...groups]
    .sort(([, a], [, b]) => b.pssKb - a.pssKb)
    .map(
      ([name, group]) =>
        `| ${name} | ${group.count} | ${(group.rssKb / 1024).toFixed(1)} | ${(group.pssKb / 1024).toFixed(1)} |`,
    );
}

async function main(): Promise<void> {
  const current: RunResult[] = [];
  const baseline: RunResult[] = [];
  for (let run = 1; run <= RUNS; run++) {
    current.push(await measure(REPO_ROOT));
    if (BASELINE) baseline.push(await measure(BASELINE));
  }
  const lines: string[] = [];
  const summary = (label: string, results: RunResult[]) =>
    `| ${label} | ${median(results.map((r) => r.idle.rssMb)).toFixed(0)} | ${median(results.map((r) => r.idle.pssMb)).toFixed(0)} | ` +
    `${median(results.map((r) => r.loaded.rssMb)).toFixed(0)} | ${median(results.map((r) => r.loaded.pssMb)).toFixed(0)} | ` +
    `${median(results.map((r) => r.requests)).toFixed(0)} | ` +
    `${median(results.map((r) => ((r.loaded.cpuS - r.idle.cpuS) * 1000) / r.requests)).toFixed(2)} |`;
  lines.push(
    `Process tree of \`npm start\` for one person (MB, medians of ${RUNS}); idle ${IDLE_S} s after start, then after ${LOAD_S} s of a mixed load:`,
    '',
    '| checkout | idle RSS | idle PSS | loaded RSS | loaded PSS | requests | CPU ms per request |',
    '|---|---|---|---|---|---|---|',
    summary(REPO_ROOT, current),
  );
  if (BASELINE) {
    lines.push(summary(BASELINE, baseline));
    const ratios = (pick: (result: RunResult) => number) =>
      current.map((result, index) => pick(result) / pick(baseline[index]));
    lines.push(
      '',
      `PSS ratio current / baseline, run by run: idle ${ratios((r) => r.idle.pssMb)
        .map((x) => x.toFixed(2))
        .join(', ')}; ` +
        `loaded ${ratios((r) => r.loaded.pssMb)
          .map((x) => x.toFixed(2))
          .join(', ')}; ` +
        `median loaded **${median(ratios((r) => r.loaded.pssMb)).toFixed(2)}x**`,
    );
  }
  const runs: Array<[string, RunResult[]]> = [[REPO_ROOT, current]];
  if (BASELINE) runs.push([BASELINE, baseline]);
  for (const [label, results] of runs) {
    lines.push(
      '',
      `${label}, last run, after the load:`,
      '',
      '| process | count | RSS MB | PSS MB |',
      '|---|---|---|---|',
    );
    lines.push(...breakdown(results[results.length - 1].loaded));
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
