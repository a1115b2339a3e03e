// One `npm start` of a checkout, the way a newcomer runs it, for the benchmarks that measure it (bench:first-start,
// bench:footprint): a new data directory (so PostgreSQL's cluster is created too), its own ports, its own process
// group so that the tree can be read and stopped as one.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface NpmStartOptions {
  port: string;
  postgresPort: string;
  /** How long the build and the start may take before the run fails. */
  readyWithinMs: number;
  /**
   * Done to the checkout just before `npm start`, once this benchmark's own libraries are loaded: bench:first-start
   * removes every build output there, the test library's among them.
   */
  prepare?: () => void;
}

export interface NpmStartRun {
  /** npm's pid, the root of the process tree (and its process group). */
  pid: number;
  /** From the spawn of `npm start` to the first answer of /api/health. */
  readySeconds: number;
}

/** Starts `npm start` in `checkout`, waits for /api/health, hands the run to `use`, then stops it and its data. */
export async function withNpmStart<T>(
  checkout: string,
  { port, postgresPort, readyWithinMs, prepare }: NpmStartOptions,
  use: (run: NpmStartRun) => Promise<T>,
): Promise<T> {
  // Loaded when the benchmark runs, as every tool loads the test library (the module-boundary rule for tools).
  const { waitUntilReady } = await import('@memories/server-testing');
  prepare?.();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-npm-start-'));
  const started = performance.now();
  const npm = spawn('npm', ['start'], {
    cwd: checkout,
    stdio: 'ignore',
    detached: true,
    env: {
      ...process.env,
      NX_DAEMON: 'false',
      HOST: '127.0.0.1',
      PORT: port,
      EMBEDDED_POSTGRES_PORT: postgresPort,
      DATA_DIR: dataDir,
    },
  });
  const exited = new Promise<void>((resolve) => npm.once('exit', () => resolve()));
  try {
    await waitUntilReady(npm, `http://127.0.0.1:${port}/api/health`, {
      name: `npm start in ${checkout}`,
      timeoutMs: readyWithinMs,
      output: () => '(its output is not kept)',
    });
    return await use({ pid: npm.pid!, readySeconds: (performance.now() - started) / 1000 });
  } finally {
    // npm start forwards the signal to the server, which stops its PostgreSQL before it exits.
    if (npm.exitCode === null && npm.signalCode === null) process.kill(-npm.pid!, 'SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}
