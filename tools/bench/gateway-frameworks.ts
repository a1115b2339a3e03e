// `npm run bench:gateway`: the gateway's Nest module on Express and on Fastify, same code, same machine, measured
// with autocannon on 127.0.0.1 for a bounded time. GET /api/health goes through the in-process bus to the three
// services and their PostgreSQL; POST /api/bench/echo validates and returns a ~1 KB JSON body (framework cost
// with validation, no bus). The server (services/standalone/src/bench) runs in its own process so that load
// generation does not share its event loop.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import path from 'node:path';
import { NX_BIN, REPO_ROOT, run } from '../launch/process-group';

type Adapter = 'fastify' | 'express';
const ADAPTERS: Adapter[] = ['fastify', 'express'];
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const READY_MARKER = 'BENCH_SERVER_URL=';
// The server half lives with the composition that may import the gateway and the services.
const SERVER = path.join(REPO_ROOT, 'services', 'standalone', 'dist', 'bench', 'gateway-bench.server.js');

const ECHO_BODY = JSON.stringify({
  title: 'A day at the lake',
  date: '2024-06-01T12:00:00.000Z',
  tags: ['summer', 'family', 'lake'],
  content: 'We walked around the lake and watched the sun go down. '.repeat(16),
});

interface AutocannonResult {
  requests: { average: number };
  latency: { p50: number; p99: number; average: number };
  non2xx: number;
  errors: number;
}
type Autocannon = (options: Record<string, unknown>) => Promise<AutocannonResult>;

async function measure(adapter: Adapter, databaseUrl: string, autocannon: Autocannon) {
  const child = spawn(process.execPath, [SERVER, adapter, databaseUrl], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const url = await new Promise<string>((resolve, reject) => {
      createInterface({ input: child.stdout! }).on('line', (line) => {
        if (line.startsWith(READY_MARKER)) resolve(line.slice(READY_MARKER.length));
      });
      child.once('exit', (code) => reject(new Error(`${adapter} server exited with ${code}`)));
    });
    const health = { url: `${url}/api/health`, connections: CONNECTIONS };
    const echo = {
      url: `${url}/api/bench/echo`,
      connections: CONNECTIONS,
      method: 'POST',
      body: ECHO_BODY,
      headers: { 'content-type': 'application/json' },
    };
    // Short warm-up so that JIT and connection pools are in place before measuring.
    await autocannon({ ...health, duration: 2 });
    await autocannon({ ...echo, duration: 2 });
    return {
      health: await autocannon({ ...health, duration: DURATION_S }),
      echo: await autocannon({ ...echo, duration: DURATION_S }),
    };
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => (child.exitCode !== null ? resolve(undefined) : child.once('exit', resolve)));
  }
}

function row(adapter: string, route: string, results: AutocannonResult[]): string {
  const mean = (pick: (r: AutocannonResult) => number) => results.reduce((sum, r) => sum + pick(r), 0) / results.length;
  const failures = results.reduce((sum, r) => sum + r.non2xx + r.errors, 0);
  return `| ${adapter} | ${route} | ${mean((r) => r.requests.average).toFixed(0)} | ${mean((r) => r.latency.average).toFixed(2)} | ${mean((r) => r.latency.p50).toFixed(0)} | ${mean((r) => r.latency.p99).toFixed(0)} | ${failures} |`;
}

async function main(): Promise<void> {
  if (
    (await run(NX_BIN, ['run-many', '-t', 'build', '-p', 'standalone', 'server-testing', '--outputStyle=static'])) !== 0
  ) {
    process.exit(1);
  }
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- autocannon ships no types
  const autocannon = require('autocannon') as Autocannon;
  const { startTestPostgres } = await import('@memories/server-testing');
  const postgres = await startTestPostgres();
  try {
    const results = new Map<Adapter, { health: AutocannonResult[]; echo: AutocannonResult[] }>(
      ADAPTERS.map((adapter) => [adapter, { health: [], echo: [] }]),
    );
    for (let round = 0; round < ROUNDS; round++) {
      // Alternate the order so that neither adapter always runs on a warmer machine.
      for (const adapter of round % 2 === 0 ? ADAPTERS : [...ADAPTERS].reverse()) {
        const measured = await measure(adapter, postgres.url, autocannon);
        results.get(adapter)!.health.push(measured.health);
        results.get(adapter)!.echo.push(measured.echo);
      }
    }
    process.stdout.write(
      `\nGateway framework benchmark: ${ROUNDS} rounds x ${DURATION_S} s, ${CONNECTIONS} connections, Node ${process.version}\n\n` +
        '| adapter | route | req/s | avg ms | p50 ms | p99 ms | non-2xx + errors |\n|---|---|---|---|---|---|---|\n' +
        ADAPTERS.flatMap((adapter) => [
          row(adapter, 'GET /api/health', results.get(adapter)!.health),
          row(adapter, 'POST /api/bench/echo (1 KB)', results.get(adapter)!.echo),
        ]).join('\n') +
        '\n',
    );
  } finally {
    await postgres.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
