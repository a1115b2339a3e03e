import type { ChildProcess } from 'node:child_process';

/** Sends a signal and waits for the child to exit, killing it outright if it takes longer than `timeoutMs`. */
export function stopChild(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM', timeoutMs = 20000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill(signal);
  });
}
