/**
 * Records in package-lock.json the platform-specific optional packages (e.g. `@swc/core-darwin-arm64`) that the
 * registry this project is developed against does not serve. npm can then not write them into the lock, and
 * `npm ci` refuses a lock that misses any dependency, even one for another platform. Each entry gets the os/cpu/libc
 * that its name states, so npm skips it on every other machine exactly as it would with the published manifest.
 *
 * Run after every `npm install` that changes the lock: `npm run lock:complete`. `npm test` checks it was run.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

interface LockEntry {
  version?: string;
  dev?: boolean;
  optional?: boolean;
  devOptional?: boolean;
  os?: string[];
  cpu?: string[];
  libc?: string[];
  optionalDependencies?: Record<string, string>;
}

interface Lockfile {
  packages: Record<string, LockEntry>;
}

const OPERATING_SYSTEMS = [
  'darwin',
  'linux',
  'win32',
  'freebsd',
  'android',
  'openharmony',
  'sunos',
  'aix',
  'netbsd',
  'openbsd',
];
const CPUS = ['arm64', 'x64', 'ia32', 'arm', 'ppc64', 'riscv64', 's390x', 'loong64', 'wasm32', 'mips64el'];

/** The platform a binary package's name states: `core-linux-arm-gnueabihf` → linux, arm, glibc. */
export function platformOf(packageName: string): Pick<LockEntry, 'os' | 'cpu' | 'libc'> | undefined {
  const parts = packageName.split('/').pop()!.split('-');
  const cpu = parts.find((part) => CPUS.includes(part));
  if (!cpu) return undefined;
  if (cpu === 'wasm32') return { cpu: [cpu] };
  const os = parts.find((part) => OPERATING_SYSTEMS.includes(part));
  if (!os) return undefined;
  const libc = parts.some((part) => part.startsWith('musl'))
    ? ['musl']
    : os === 'linux' && parts.some((part) => part.startsWith('gnu'))
      ? ['glibc']
      : undefined;
  return { os: [os], cpu: [cpu], ...(libc ? { libc } : {}) };
}

/**
 * Where npm's resolution finds `dependency` for the package at `location`, if the lock has it anywhere on the way up.
 */
function findInstalled(lock: Lockfile, location: string, dependency: string): string | undefined {
  let base = location;
  for (;;) {
    const candidate = `${base ? `${base}/` : ''}node_modules/${dependency}`;
    if (lock.packages[candidate]) return candidate;
    if (!base) return undefined;
    const parent = base.lastIndexOf('/node_modules/');
    base = parent === -1 ? '' : base.slice(0, parent);
  }
}

/** Adds the missing entries and returns their locations (empty when the lock is complete). */
export function completeLockfile(lock: Lockfile): string[] {
  const added: string[] = [];
  for (const [location, entry] of Object.entries(lock.packages)) {
    for (const [dependency, range] of Object.entries(entry.optionalDependencies ?? {})) {
      if (findInstalled(lock, location, dependency)) continue;
      const platform = platformOf(dependency);
      if (!platform || !/^\d+\.\d+\.\d+(-[\w.]+)?$/.test(range)) {
        throw new Error(
          `${location} needs ${dependency}@${range}, which is not in the lock and cannot be recorded from its name`,
        );
      }
      const target = lock.packages[`node_modules/${dependency}`]
        ? `${location}/node_modules/${dependency}`
        : `node_modules/${dependency}`;
      const flags = entry.dev
        ? { dev: true, optional: true }
        : entry.devOptional
          ? { devOptional: true }
          : { optional: true };
      lock.packages[target] = { version: range, ...flags, ...platform };
      added.push(target);
    }
  }
  lock.packages = Object.fromEntries(
    Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
  );
  return added;
}

if (require.main === module) {
  const lockPath = path.resolve(__dirname, '..', '..', 'package-lock.json');
  const lock = JSON.parse(readFileSync(lockPath, 'utf8')) as Lockfile;
  const added = completeLockfile(lock);
  const check = process.argv.includes('--check');
  if (check && added.length > 0) {
    console.error(
      `package-lock.json misses ${added.length} platform packages (${added.slice(0, 3).join(', ')}, ...): run \`npm run lock:complete\`.`,
    );
    process.exit(1);
  }
  if (!check) {
    writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
    console.log(
      added.length
        ? `Recorded ${added.length} platform packages in package-lock.json.`
        : 'package-lock.json is complete.',
    );
  }
}
