import type { ChildProcess } from 'node:child_process';

export interface ReadyWait {
  /** What the child runs, for the error messages (a script's path). */
  name: string;
  timeoutMs: number;
  /** What the child printed so far, added to the error messages. */
  output: () => string;
}

/**
 * The one wait for a server that a test or a benchmark started: polls `readyUrl` until it answers 2xx. Rejects with
 * the child's output when it exits first or is not ready within `timeoutMs`; stopping it is the caller's.
 */
export async function waitUntilReady(
  child: ChildProcess,
  readyUrl: string,
  { name, timeoutMs, output }: ReadyWait,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`${name} exited with ${child.exitCode ?? child.signalCode}:\n${output()}`);
    try {
      if ((await fetch(readyUrl)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${name} was not ready at ${readyUrl} within ${timeoutMs} ms:\n${output()}`);
}
