import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** A program the tests need from the operating system, and the Debian package that provides it. */
interface SystemRequirement {
  program: string;
  debianPackage: string;
  neededFor: string;
}

export const SYSTEM_REQUIREMENTS: readonly SystemRequirement[] = [
  { program: 'chromium', debianPackage: 'chromium', neededFor: 'the Playwright browser tests' },
  { program: 'nats-server', debianPackage: 'nats-server', neededFor: 'the integration tests over a real NATS bus' },
];

// Debian installs some daemons (nats-server) in /usr/sbin, which is not on every user's PATH.
const isInstalled = (program: string): boolean =>
  spawnSync('sh', ['-c', `command -v ${program}`], { stdio: 'ignore' }).status === 0 ||
  existsSync(`/usr/sbin/${program}`);

/**
 * Makes sure every program the tests need is installed. On a Debian machine run as root it installs what is
 * missing with apt-get (a fresh machine has none of it); anywhere else it says exactly what to install and fails.
 */
export function ensureSystemPackages(log: (line: string) => void): void {
  const missing = SYSTEM_REQUIREMENTS.filter((requirement) => !isInstalled(requirement.program));
  if (missing.length === 0) return;

  const packages = missing.map((requirement) => requirement.debianPackage);
  const canInstall = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
  if (!canInstall) {
    const reasons = missing.map((r) => `  ${r.program} (${r.neededFor})`).join('\n');
    throw new Error(
      `Missing programs:\n${reasons}\nInstall them first, e.g. on Debian/Ubuntu: sudo apt-get install -y ${packages.join(' ')}`,
    );
  }
  log(`Installing ${packages.join(', ')} with apt-get (needed by the tests)...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...packages], { stdio: 'inherit', env });
}
