/**
 * What an Nx run printed for the tasks that failed: their names and the last lines each printed. The summary shows
 * them because CI keeps only the end of a run's output, and a task can fail without a failed test (a process that
 * crashed after its results were written): without this the reason stays thousands of lines above the summary.
 */
import { stripVTControlCharacters } from 'node:util';

/** Nx's header of one task's output (`> nx run gateway:integration`). */
const TASK_HEADER = /^> nx run (\S+)/;
/** A banner of Nx itself (` NX   Running target … failed`), which ends the task output before it. */
const NX_BANNER = /^\s*NX\s/;
/** One line of Nx's closing list of failed tasks (`- gateway:integration`). */
const FAILED_TASK = /^\s*- (\S+:\S+)\s*$/;

export interface FailedTaskOutput {
  task: string;
  /** The task's last non-empty lines, oldest first (none when Nx printed no output under its name). */
  lastLines: string[];
}

export function failedTasksIn(output: string, linesPerTask = 15): FailedTaskOutput[] {
  const lines = stripVTControlCharacters(output).split(/\r?\n/);
  const listStart = lines.findIndex((line) => line.trim() === 'Failed tasks:');
  if (listStart < 0) return [];
  const failed = lines
    .slice(listStart + 1)
    .map((line) => FAILED_TASK.exec(line)?.[1])
    .filter((task): task is string => task !== undefined);

  const outputOf = new Map<string, string[]>();
  let current: string[] | undefined;
  for (const line of lines.slice(0, listStart)) {
    const header = TASK_HEADER.exec(line);
    if (header) {
      current = [];
      outputOf.set(header[1], current);
    } else if (NX_BANNER.test(line)) current = undefined;
    else if (current && line.trim() !== '') current.push(line);
  }
  return failed.map((task) => ({ task, lastLines: (outputOf.get(task) ?? []).slice(-linesPerTask) }));
}
