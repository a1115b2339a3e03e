// Where a browser CPU profile (CDP Profiler, of the production build) spent its time, by original source: the built
// chunks are minified, so each sampled function is looked up in its chunk's source map (the .js.map beside it in the
// dist folder) and counted under the package or workspace folder it came from. For bench:locked's profile run.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface BrowserProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}

export interface BrowserProfile {
  nodes: BrowserProfileNode[];
  samples?: number[];
  timeDeltas?: number[];
  startTime: number;
  endTime: number;
}

/** Per generated line, its segments as [generated column, source index], in column order. */
type Mappings = [number, number][][];

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** The [generated column, source] pairs of a source map's `mappings` (the other fields are not needed here). */
function decodeMappings(mappings: string): Mappings {
  const lines: Mappings = [];
  let source = 0;
  for (const line of mappings.split(';')) {
    const segments: [number, number][] = [];
    let column = 0;
    for (const segment of line.split(',')) {
      if (segment === '') continue;
      const fields: number[] = [];
      let value = 0;
      let shift = 0;
      for (const char of segment) {
        const digit = BASE64.indexOf(char);
        value += (digit & 31) << shift;
        if (digit & 32) {
          shift += 5;
          continue;
        }
        fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
        value = 0;
        shift = 0;
      }
      column += fields[0] ?? 0;
      if (fields.length > 1) source += fields[1];
      // The source index is a delta from the previous segment's, across lines; the later fields (the source's line
      // and column, the name) are not needed for this lookup.
      if (fields.length > 1) segments.push([column, source]);
    }
    lines.push(segments);
  }
  return lines;
}

interface LoadedMap {
  sources: string[];
  lines: Mappings;
}

/**
 * Resolves a sampled function (script URL, 0-based line and column) to its original source file, through the source
 * maps of the built front end under `webRoot` (`shell/dist`, `remotes/<name>/dist`, as the standalone serves them).
 */
export function sourceResolver(webRoot: string): (url: string, line: number, column: number) => string {
  const maps = new Map<string, LoadedMap | null>();
  const mapOf = (url: string): LoadedMap | null => {
    let pathname: string;
    try {
      pathname = new URL(url).pathname;
    } catch {
      return null;
    }
    if (maps.has(pathname)) return maps.get(pathname) ?? null;
    const remote = /^\/remotes\/([^/]+)\/(.+)$/.exec(pathname);
    const file = remote
      ? path.join(webRoot, 'remotes', remote[1], 'dist', remote[2])
      : path.join(webRoot, 'shell', 'dist', pathname.slice(1));
    let loaded: LoadedMap | null = null;
    if (existsSync(`${file}.map`)) {
      const map = JSON.parse(readFileSync(`${file}.map`, 'utf8')) as { sources: string[]; mappings: string };
      loaded = { sources: map.sources, lines: decodeMappings(map.mappings) };
    }
    maps.set(pathname, loaded);
    return loaded;
  };
  return (url, line, column) => {
    if (url === '') return '(native)';
    if (url.startsWith('wasm://')) return '(WebAssembly)';
    const map = mapOf(url);
    const segments = map?.lines[line];
    if (!map || !segments || segments.length === 0) return `(no source map) ${url.replace(/^https?:\/\/[^/]+/, '')}`;
    let low = 0;
    let high = segments.length - 1;
    while (low < high) {
      const middle = Math.ceil((low + high) / 2);
      if (segments[middle][0] <= column) low = middle;
      else high = middle - 1;
    }
    return map.sources[segments[low][1]] ?? '(unknown source)';
  };
}

/** A source file's bucket: its npm package, or its workspace folder (libs/web/journals, remotes/memories). */
export function packageOfSource(source: string): string {
  const npm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  if (npm) return npm[1];
  const workspace = /(?:^|\/)((?:libs\/[^/]+|remotes|services)\/[^/]+|shell)\//.exec(source);
  if (workspace) return workspace[1];
  return source.startsWith('(') ? source : source.replace(/^webpack:\/\/[^/]*\//, '');
}

export interface ProfileSummary {
  /** Sampled time, ms. */
  totalMs: number;
  idleMs: number;
  /** Self time per source file and per package (ms), largest first. */
  bySource: [string, number][];
  byPackage: [string, number][];
  /**
   * Inclusive time of the project's own source files (not node_modules): every sample counts once for each of them
   * on its stack, so a file's figure holds what it called (the renderer under the file that renders).
   */
  inclusiveOwn: [string, number][];
}

/** Self time of a browser CPU profile by original source file and by package. */
export function summariseProfile(profile: BrowserProfile, webRoot: string): ProfileSummary {
  const resolve = sourceResolver(webRoot);
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  const sourceOf = ({ callFrame: { functionName, url, lineNumber, columnNumber } }: BrowserProfileNode) =>
    url === '' ? `(${functionName.replace(/^\(|\)$/g, '') || 'native'})` : resolve(url, lineNumber, columnNumber);
  const inclusiveOwn = new Map<string, number>();
  const bySource = new Map<string, number>();
  const byPackage = new Map<string, number>();
  let totalMs = 0;
  let idleMs = 0;
  (profile.samples ?? []).forEach((id, index) => {
    const ms = (profile.timeDeltas?.[index] ?? 0) / 1000;
    totalMs += ms;
    const node = nodes.get(id);
    if (!node) return;
    if (node.callFrame.functionName === '(idle)') {
      idleMs += ms;
      return;
    }
    const source = sourceOf(node);
    const onStack = new Set<string>();
    for (let at: BrowserProfileNode | undefined = node; at; at = nodes.get(parents.get(at.id) ?? -1)) {
      const file = sourceOf(at);
      if (!file.includes('node_modules/') && !file.startsWith('(')) onStack.add(file);
    }
    for (const file of onStack) inclusiveOwn.set(file, (inclusiveOwn.get(file) ?? 0) + ms);
    bySource.set(source, (bySource.get(source) ?? 0) + ms);
    const bucket = packageOfSource(source);
    byPackage.set(bucket, (byPackage.get(bucket) ?? 0) + ms);
  });
  const sorted = (totals: Map<string, number>) => [...totals].sort((a, b) => b[1] - a[1]);
  return {
    totalMs,
    idleMs,
    bySource: sorted(bySource),
    byPackage: sorted(byPackage),
    inclusiveOwn: sorted(inclusiveOwn),
  };
}

/**
 * A profile written to `dir` and summarised as Markdown: self time by package and by source file, and the inclusive
 * time of the project's own files, each as a share of the busy (not idle) time. `what` names the profiled span.
 */
export function profileReport(profile: BrowserProfile, webRoot: string, dir: string, what: string): string {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `bench-${Date.now()}.cpuprofile`);
  writeFileSync(file, JSON.stringify(profile));
  const summary = summariseProfile(profile, webRoot);
  const busy = summary.totalMs - summary.idleMs;
  const share = ([name, ms]: [string, number]) =>
    `| ${name} | ${Math.round(ms)} | ${((100 * ms) / busy).toFixed(1)} % |`;
  return [
    `Profiled ${what} (untimed, sampling every 1 ms): ${Math.round(busy)} ms of main-thread work sampled ` +
      `(profile: ${file})`,
    '',
    '| self time by package | ms | share of the busy time |',
    '|---|---|---|',
    ...summary.byPackage.slice(0, 15).map(share),
    '',
    '| self time by source file | ms | share of the busy time |',
    '|---|---|---|',
    ...summary.bySource.slice(0, 20).map(share),
    '',
    "| inclusive time of the project's own files (what they called included) | ms | share of the busy time |",
    '|---|---|---|',
    ...summary.inclusiveOwn.slice(0, 20).map(share),
  ].join('\n');
}
