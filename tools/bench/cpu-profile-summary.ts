// `tsx tools/bench/cpu-profile-summary.ts <file.cpuprofile> [top] [filter]`: where a V8 CPU profile (as written by
// `BENCH_CPU_PROF_DIR=<dir> npm run bench:api`) spent its time: the functions by self time and by inclusive time, and
// self time by package, each as a share of the time the process was not idle. `filter` keeps the inclusive lines
// whose function or file holds that text.
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const [file, top = '45', filter] = process.argv.slice(2);
if (!file) throw new Error('usage: tsx tools/bench/cpu-profile-summary.ts <file.cpuprofile> [top] [filter]');
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const parents = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);

const nameOf = ({ callFrame: { functionName, url, lineNumber } }: ProfileNode) =>
  `${functionName || '(anonymous)'} ${url.replace(/.*node_modules\//, '').replace(/^file:\/\//, '')}:${lineNumber + 1}`;
const packageOf = ({ callFrame: { functionName, url } }: ProfileNode) =>
  url === ''
    ? functionName
    : url.startsWith('node:')
      ? 'node'
      : (/node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1] ?? 'our code');

const sampled = new Map<number, number>();
profile.samples.forEach((id, index) => sampled.set(id, (sampled.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0)));
const self = new Map<string, number>();
const inclusive = new Map<string, number>();
const byPackage = new Map<string, number>();
const add = (totals: Map<string, number>, key: string, micros: number) =>
  totals.set(key, (totals.get(key) ?? 0) + micros);
let idle = 0;
let total = 0;
for (const [id, micros] of sampled) {
  const node = nodes.get(id) as ProfileNode;
  total += micros;
  if (node.callFrame.functionName === '(idle)') {
    idle += micros;
    continue;
  }
  add(self, nameOf(node), micros);
  add(byPackage, packageOf(node), micros);
  // Each function once per sample, however often it recurses.
  const seen = new Set<string>();
  for (let current: number | undefined = id; current !== undefined; current = parents.get(current)) {
    const name = nameOf(nodes.get(current) as ProfileNode);
    if (!seen.has(name)) add(inclusive, name, micros);
    seen.add(name);
  }
}
const busy = total - idle;
const list = (totals: Map<string, number>, keep: (name: string) => boolean = () => true) =>
  [...totals]
    .filter(([name]) => keep(name))
    .sort((a, b) => b[1] - a[1])
    .slice(0, Number(top))
    .map(([name, micros]) => `${((100 * micros) / busy).toFixed(1).padStart(5)} %  ${name}`)
    .join('\n');
process.stdout.write(
  `${file}: ${(total / 1e6).toFixed(1)} s sampled, ${(busy / 1e6).toFixed(1)} s not idle (the shares below are of that)\n\n` +
    `Self time:\n${list(self)}\n\nInclusive time:\n${list(inclusive, (name) => !filter || name.includes(filter))}\n\n` +
    `Self time by package:\n${list(byPackage)}\n`,
);
