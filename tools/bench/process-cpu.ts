// CPU time of the bench's own processes, read from /proc (Linux): divided by the requests served in the same window,
// it gives what one request costs each process (gateway, memory service, nats-server, PostgreSQL, the load generator).
// Unlike throughput and latency, CPU per request hardly moves with what else the machine runs.
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';

const TICKS_PER_SECOND = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
  } catch {
    return 100;
  }
})();

interface ProcessStat {
  pid: number;
  parent: number;
  name: string;
  cpuSeconds: number;
}

function readStat(pid: number): ProcessStat | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The name is in parentheses and may hold spaces; the fields after it are space-separated (state first).
    const close = text.lastIndexOf(')');
    const fields = text.slice(close + 2).split(' ');
    return {
      pid,
      parent: Number(fields[1]),
      name: text.slice(text.indexOf('(') + 1, close),
      cpuSeconds: (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND,
    };
  } catch {
    return undefined; // gone meanwhile
  }
}

/** Every process under `root` (itself included). */
function processTree(root: number): ProcessStat[] {
  const all = readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map((entry) => readStat(Number(entry)))
    .filter((stat) => stat !== undefined);
  const children = new Map<number, ProcessStat[]>();
  for (const stat of all) children.set(stat.parent, [...(children.get(stat.parent) ?? []), stat]);
  const tree: ProcessStat[] = [];
  const pending = all.filter((stat) => stat.pid === root);
  while (pending.length > 0) {
    const stat = pending.pop() as ProcessStat;
    tree.push(stat);
    pending.push(...(children.get(stat.pid) ?? []));
  }
  return tree;
}

/** CPU seconds of each process of interest, with the name of its group. */
export type CpuSample = Map<number, { group: string; seconds: number }>;

/** `groupOf` names a process's group, or undefined to leave it out. */
export function sampleCpu(
  root: number,
  groupOf: (stat: { pid: number; name: string }) => string | undefined,
): CpuSample {
  const sample: CpuSample = new Map();
  for (const stat of processTree(root)) {
    const group = groupOf(stat);
    if (group !== undefined) sample.set(stat.pid, { group, seconds: stat.cpuSeconds });
  }
  return sample;
}

/**
 * Microseconds of CPU per request of each group between two samples. A process that ended in between (a database
 * connection closed by its pool) is left out: its last figures are gone with it.
 */
export function cpuPerRequest(before: CpuSample, after: CpuSample, requests: number): Map<string, number> {
  const perRequest = new Map<string, number>();
  for (const [pid, { group, seconds }] of after) {
    const spent = requests > 0 ? ((seconds - (before.get(pid)?.seconds ?? 0)) * 1e6) / requests : 0;
    perRequest.set(group, (perRequest.get(group) ?? 0) + spent);
  }
  return perRequest;
}
