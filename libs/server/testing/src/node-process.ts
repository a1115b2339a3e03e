import { spawn, type ChildProcess } from 'node:child_process';
import { stopChild } from './child-process.util';
import { waitUntilReady } from './ready-url';

export interface NodeProcess {
  child: ChildProcess;
  /** Everything the process wrote to stdout and stderr so far (for failure messages). */
  output(): string;
  /** SIGTERM, then SIGKILL if it does not exit in time. */
  stop(): Promise<void>;
}

/** Only what a server needs from this process' environment: tests pass every setting explicitly. */
function childEnvironment(env: Record<string, string>): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH, ...env };
}

function collectOutput(child: ChildProcess): () => string {
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return () => output;
}

/** Runs a built script (e.g. a service's `dist/migrate.js`) to its end; rejects with its output if it fails. */
export async function runNodeScript(script: string, env: Record<string, string>, timeoutMs = 60000): Promise<void> {
  const child = spawn(process.execPath, [script], { env: childEnvironment(env), stdio: ['ignore', 'pipe', 'pipe'] });
  const output = collectOutput(child);
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  clearTimeout(timer);
  if (code !== 0) throw new Error(`${script} exited with ${code}:\n${output()}`);
}

/**
 * Starts a built server (e.g. a service's `dist/main.js`) as its own process and waits until `readyUrl` answers
 * 200. Rejects with the process' output if it exits first or is not ready within `timeoutMs`.
 */
export async function startNodeProcess(
  script: string,
  env: Record<string, string>,
  readyUrl: string,
  timeoutMs = 60000,
): Promise<NodeProcess> {
  const child = spawn(process.execPath, [script], { env: childEnvironment(env), stdio: ['ignore', 'pipe', 'pipe'] });
  const output = collectOutput(child);
  const started = { child, output, stop: () => stopChild(child) };
  try {
    await waitUntilReady(child, readyUrl, { name: script, timeoutMs, output });
  } catch (error) {
    await started.stop();
    throw error;
  }
  return started;
}
