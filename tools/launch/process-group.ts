import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

export const REPO_ROOT = path.resolve(__dirname, '..', '..');
export const NX_BIN = path.join(REPO_ROOT, 'node_modules', '.bin', 'nx');

/** The environment of launched tools: Nx's daemon is off in CI (one-shot machines gain nothing from it). */
export function launchEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { ...process.env, ...(process.env.CI ? { NX_DAEMON: 'false' } : {}), ...extra };
}

/** Runs a command to completion with inherited output; resolves with its exit code. */
export function run(command: string, args: string[], options: SpawnOptions = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: REPO_ROOT, stdio: 'inherit', env: launchEnv(), ...options });
    child.once('error', reject);
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}

/** Prefixes every output line of a child with its name, so that several processes can share one terminal. */
export function prefixOutput(child: ChildProcess, name: string): void {
  for (const [stream, target] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ] as const) {
    let pending = '';
    stream?.on('data', (chunk: Buffer) => {
      const lines = (pending + chunk.toString()).split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) target.write(`[${name}] ${line}\n`);
    });
  }
}

/**
 * Forwards Ctrl-C / SIGTERM to children. A terminal delivers Ctrl-C to the launcher and (through tsx) again a
 * moment later: signals within 500 ms count as one, so that a single Ctrl-C is never taken as "force".
 */
export function forwardSignals(children: () => ChildProcess[]): void {
  let last = 0;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      const now = Date.now();
      if (now - last < 500) return;
      last = now;
      for (const child of children()) {
        if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      }
    });
  }
}

/** /proc/<pid>/stat's fields after the name ("state ppid ..."); the name may hold spaces, so split after the last ")". */
export function procStatFields(pid: number): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

export function parentOf(pid: number): number | undefined {
  const fields = procStatFields(pid);
  return fields ? Number.parseInt(fields[1], 10) : undefined;
}

/**
 * Calls `onOrphaned` when whoever started us through tsx goes away without a signal reaching us (e.g. `npm start`
 * killed by pid: npm stops its shell, not tsx), so that the app and its PostgreSQL are not left running. Linux only.
 */
export function watchForOrphaning(onOrphaned: () => void): void {
  const launcher = parentOf(process.ppid);
  if (launcher === undefined || launcher === 1) return;
  const timer = setInterval(() => {
    if (process.ppid === 1 || parentOf(process.ppid) !== launcher) {
      clearInterval(timer);
      onOrphaned();
    }
  }, 1000);
  timer.unref();
}
