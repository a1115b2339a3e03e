// `npm run bench:first-start`: how long a newcomer waits for the first `npm start` after `npm ci` on a fresh clone.
// Each run removes what a fresh clone does not have (every project's dist, Nx's cache and workspace data, webpack's
// and SWC's caches under node_modules/.cache) and starts `npm start` with a new data directory (so PostgreSQL's
// cluster is created too), until /api/health answers. With BENCH_START_BASELINE=<another checkout, npm ci done> the
// two checkouts run in turn, A B A B, and the ratio is taken pair by pair: the machine's drift lands on both sides.
import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../launch/process-group';
import { withNpmStart } from './npm-start-run';
import { median } from './statistics';

const RUNS = Math.max(1, Number(process.env.BENCH_START_RUNS ?? 3));
const PORT = process.env.BENCH_START_PORT ?? '4341';
const POSTGRES_PORT = process.env.BENCH_START_POSTGRES_PORT ?? '54371';
const BASELINE = process.env.BENCH_START_BASELINE ? path.resolve(process.env.BENCH_START_BASELINE) : undefined;
const READY_WITHIN_MS = 900_000;

/** Every `dist` folder of the checkout's own projects (none inside node_modules), Nx's state and the build caches. */
function removeBuildOutputs(checkout: string): void {
  const visit = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (!entry.isDirectory() || entry.name === 'node_modules' || entry.name === '.git') continue;
      const child = path.join(folder, entry.name);
      if (entry.name === 'dist') rmSync(child, { recursive: true, force: true });
      else visit(child);
    }
  };
  visit(checkout);
  for (const cache of ['.nx', path.join('node_modules', '.cache')]) {
    rmSync(path.join(checkout, cache), { recursive: true, force: true });
  }
}

/** Seconds from `npm start` to the first answer of /api/health; the instance is stopped before this resolves. */
async function firstStart(checkout: string): Promise<number> {
  return withNpmStart(
    checkout,
    {
      port: PORT,
      postgresPort: POSTGRES_PORT,
      readyWithinMs: READY_WITHIN_MS,
      prepare: () => removeBuildOutputs(checkout),
    },
    async ({ readySeconds }) => readySeconds,
  );
}

function log(message: string): void {
  process.stderr.write(`[bench:first-start] ${message}\n`);
}

async function main(): Promise<void> {
  const current: number[] = [];
  const baseline: number[] = [];
  for (let run = 1; run <= RUNS; run++) {
    current.push(await firstStart(REPO_ROOT));
    log(`run ${run}: ${REPO_ROOT} ${current.at(-1)!.toFixed(1)} s`);
    if (BASELINE) {
      baseline.push(await firstStart(BASELINE));
      log(`run ${run}: ${BASELINE} ${baseline.at(-1)!.toFixed(1)} s`);
    }
  }
  const seconds = (values: number[]) => values.map((value) => value.toFixed(1)).join(', ');
  const lines = [
    '| checkout | first start, each run (s) | median (s) |',
    '|---|---|---|',
    `| ${REPO_ROOT} | ${seconds(current)} | ${median(current).toFixed(1)} |`,
  ];
  if (BASELINE) {
    const ratios = current.map((value, index) => value / baseline[index]);
    lines.push(`| ${BASELINE} | ${seconds(baseline)} | ${median(baseline).toFixed(1)} |`);
    lines.push(
      '',
      `Ratio current / baseline, pair by pair: ${ratios.map((ratio) => ratio.toFixed(2)).join(', ')}; ` +
        `median **${median(ratios).toFixed(2)}x**`,
    );
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
