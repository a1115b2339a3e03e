/**
 * `npm test`: every check the project has, in the order that fails fastest, ending with one line that counts
 * every test: `N passed, N failed`. Steps keep running after a failure so one run reports everything; a step that
 * is not a test suite (lint, typecheck, build) counts as one failure when it fails.
 */
import { spawn, spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { failedTasksIn, type FailedTaskOutput } from './failed-tasks';
import { collectTestCounts, testResultFiles } from './test-results';
import { ensureSystemPackages } from './system-packages';

const root = path.resolve(__dirname, '..', '..');
const nx = path.join(root, 'node_modules', '.bin', 'nx');
const env: NodeJS.ProcessEnv = {
  ...process.env,
  NX_DAEMON: 'false',
  NX_TUI: 'false',
  NX_NO_CLOUD: 'true',
  FORCE_COLOR: process.env.CI ? '0' : '1',
};

interface Step {
  name: string;
  /** Steps that are test suites report their own counts; the others count as one failure when they fail. */
  isTestSuite: boolean;
  run: (stepName: string) => boolean | Promise<boolean>;
  /** A step whose prerequisite failed is reported as failed without running. */
  needs?: string;
}

/** The failed Nx tasks of each step that failed, with what they printed last (see failed-tasks.ts). */
const failedTasksOfStep = new Map<string, FailedTaskOutput[]>();
/** Enough of a step's output to hold Nx's closing list and each task's last lines. */
const KEPT_OUTPUT_CHARACTERS = 16 * 1024 * 1024;

/** Runs Nx with its output passed through as it comes, and kept so a failure can be named in the summary. */
const runNx =
  (...args: string[]) =>
  (stepName: string) =>
    new Promise<boolean>((resolve) => {
      const child = spawn(nx, args, { cwd: root, env, stdio: ['inherit', 'pipe', 'pipe'] });
      const kept: string[] = [];
      let keptCharacters = 0;
      const keep = (into: NodeJS.WriteStream) => (chunk: Buffer) => {
        into.write(chunk);
        kept.push(chunk.toString());
        keptCharacters += kept[kept.length - 1].length;
        while (keptCharacters > KEPT_OUTPUT_CHARACTERS && kept.length > 1) keptCharacters -= kept.shift()!.length;
      };
      child.stdout.on('data', keep(process.stdout));
      child.stderr.on('data', keep(process.stderr));
      child.once('error', (error) => {
        console.error(error.message);
        resolve(false);
      });
      child.once('close', (code) => {
        if (code !== 0) failedTasksOfStep.set(stepName, failedTasksIn(kept.join('')));
        resolve(code === 0);
      });
    });
/** Runs a command with its output passed through; resolves whether it succeeded. */
const runCommand = (command: string, args: string[]) =>
  new Promise<boolean>((resolve) => {
    const child = spawn(command, args, { cwd: root, env, stdio: 'inherit' });
    child.once('error', (error) => {
      console.error(error.message);
      resolve(false);
    });
    child.once('close', (code) => resolve(code === 0));
  });
const log = (line: string) => console.log(`\n▶ ${line}`);
const MAX_FAILURES_NAMED = 20;

const steps: Step[] = [
  {
    name: 'system packages',
    isTestSuite: false,
    run: () => {
      try {
        ensureSystemPackages(log);
        return true;
      } catch (error) {
        console.error((error as Error).message);
        return false;
      }
    },
  },
  // npm ci refuses a lock that misses platform builds this registry does not serve (see tools/lockfile).
  {
    name: 'lockfile',
    isTestSuite: false,
    run: () =>
      spawnSync(process.execPath, [require.resolve('tsx/cli'), 'tools/lockfile/complete-lockfile.ts', '--check'], {
        cwd: root,
        stdio: 'inherit',
      }).status === 0,
  },
  {
    name: 'lint + typecheck',
    isTestSuite: false,
    // One formatter for the tree (`npm run format` writes it), checked before the lint rules. The whole tree is
    // typechecked as one program (each file and each library's types read once: about 5x less work than a program per
    // project), on one core while lint takes the other.
    run: async (stepName) => {
      if (spawnSync('npm', ['run', '--silent', 'format:check'], { cwd: root, env, stdio: 'inherit' }).status !== 0)
        return false;
      const [typechecked, linted] = await Promise.all([
        runCommand('npm', ['run', '--silent', 'typecheck']),
        runNx('run-many', '-t', 'lint')(stepName),
      ]);
      return typechecked && linted;
    },
  },
  { name: 'unit tests', isTestSuite: true, run: runNx('run-many', '-t', 'test') },
  { name: 'build', isTestSuite: false, run: runNx('run-many', '-t', 'build') },
  // The suites share one PostgreSQL server (a database each) and start their own nats-server. Two suites at a time: a
  // third at once left the machine no idle time and a big save timed out. The gateway's suites are half of the work,
  // so its fuzz and fault suites are a target of their own (`resilience`) that runs beside its other suites.
  {
    name: 'integration tests',
    isTestSuite: true,
    run: (stepName) =>
      withSharedTestPostgres(() => runNx('run-many', '-t', 'integration', 'resilience', '--parallel=2')(stepName)),
    needs: 'system packages',
  },
  { name: 'browser tests', isTestSuite: true, run: runNx('run', 'e2e:e2e'), needs: 'build' },
];

/**
 * Runs `work` with one PostgreSQL server for every integration suite of every project (each suite gets a database of
 * its own, see libs/server/testing): one server start instead of one per project. Loaded once the build has made the
 * server's launcher; without it each project's Jest setup starts its own.
 */
async function withSharedTestPostgres(work: () => Promise<boolean>): Promise<boolean> {
  const { SHARED_TEST_POSTGRES_VARIABLE, startSharedTestPostgresServer } = await import('@memories/server-testing');
  let server: Awaited<ReturnType<typeof startSharedTestPostgresServer>> | undefined;
  try {
    server = await startSharedTestPostgresServer();
  } catch (error) {
    console.error(
      `The shared test PostgreSQL did not start (${(error as Error).message}); each project starts its own.`,
    );
  }
  if (server) env[SHARED_TEST_POSTGRES_VARIABLE] = server.url;
  try {
    return await work();
  } finally {
    delete env[SHARED_TEST_POSTGRES_VARIABLE];
    await server?.stop();
  }
}

/** What a step threw, by step, for the summary. */
const stepErrors = new Map<string, string>();

/** A step that throws (a launcher the build did not make, say) fails like one that ran and failed: the summary stays. */
async function runStep(step: Step): Promise<boolean> {
  try {
    return await step.run(step.name);
  } catch (error) {
    const reason = error instanceof Error ? (error.stack ?? error.message) : String(error);
    console.error(`${step.name} could not run: ${reason}`);
    stepErrors.set(step.name, reason.split('\n')[0]);
    return false;
  }
}

async function main(): Promise<void> {
  const started = Date.now();
  for (const file of testResultFiles(root)) rmSync(file, { force: true });

  const outcome = new Map<string, boolean>();
  const seconds = new Map<string, number>();
  for (const step of steps) {
    if (step.needs && outcome.get(step.needs) === false) {
      log(`${step.name}: not run, because ${step.needs} failed`);
      outcome.set(step.name, false);
      continue;
    }
    log(step.name);
    const stepStarted = Date.now();
    outcome.set(step.name, await runStep(step));
    seconds.set(step.name, (Date.now() - stepStarted) / 1000);
  }

  const counts = collectTestCounts(root);
  const failedChecks = steps.filter((step) => !step.isTestSuite && outcome.get(step.name) === false);
  // A test step can fail without a failed test (a suite that did not start): count it so the line never says 0 failed.
  const failedSuitesWithoutCounts = steps.filter(
    (step) => step.isTestSuite && outcome.get(step.name) === false && (counts.failedBySuite.get(step.name) ?? 0) === 0,
  );

  console.log('\nSummary');
  // Each step's wall time beside its outcome, so the next person sees where a run's time goes.
  for (const step of steps) {
    const wall = seconds.get(step.name);
    const shown = wall === undefined ? '     - s' : `${wall.toFixed(0).padStart(6)} s`;
    console.log(`  ${outcome.get(step.name) ? 'ok  ' : 'FAIL'}  ${shown}  ${step.name}`);
  }
  // Named right under the steps, so even a log cut short after them says what broke.
  const shownFailures = counts.failures.slice(0, MAX_FAILURES_NAMED);
  for (const failure of shownFailures) console.log(`        failed: ${failure}`);
  if (counts.failures.length > shownFailures.length)
    console.log(`        failed: …and ${counts.failures.length - shownFailures.length} more`);
  for (const step of failedSuitesWithoutCounts)
    console.log(`        failed: ${step.name} ended without a failed test (see its output above)`);
  for (const [stepName, reason] of stepErrors) console.log(`        failed: ${stepName} threw ${reason}`);
  for (const [stepName, tasks] of failedTasksOfStep)
    for (const { task, lastLines } of tasks) {
      console.log(`        failed task of ${stepName}: ${task}, which printed last:`);
      for (const line of lastLines) console.log(`          | ${line}`);
    }
  for (const test of counts.flaky) console.log(`        flaky (failed, then passed on its retry): ${test}`);
  for (const [file, fileCounts] of counts.byFile)
    console.log(`        ${fileCounts.passed} passed, ${fileCounts.failed} failed  ${path.relative(root, file)}`);
  console.log(`  wall time ${((Date.now() - started) / 1000).toFixed(0)} s`);

  const failed = counts.failed + failedChecks.length + failedSuitesWithoutCounts.length;
  console.log(`${counts.passed} passed, ${failed} failed`);
  process.exit(failed === 0 && [...outcome.values()].every(Boolean) ? 0 : 1);
}

void main();
