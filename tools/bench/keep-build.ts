// `tsx tools/bench/keep-build.ts <folder>`: keeps the current build of the workspace's packages (every
// @memories/* package's dist and package.json) in <folder>, with a node_modules whose other packages are this
// workspace's own, so that `BENCH_API_BASELINE_BUILD=<folder> npm run bench:api` can run that build beside a later one
// in the same bench run: a change measured against what it replaced, under the same machine load.
import { cpSync, existsSync, mkdirSync, readdirSync, readlinkSync, rmSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../launch/process-group';

const folder = process.argv[2];
if (!folder) throw new Error('usage: tsx tools/bench/keep-build.ts <folder>');
const target = path.resolve(folder);
const modules = path.join(REPO_ROOT, 'node_modules');
rmSync(target, { recursive: true, force: true });
mkdirSync(path.join(target, 'node_modules', '@memories'), { recursive: true });
for (const entry of readdirSync(modules)) {
  if (entry === '@memories' || entry === '.bin' || entry.startsWith('.')) continue;
  symlinkSync(path.join(modules, entry), path.join(target, 'node_modules', entry));
}
for (const name of readdirSync(path.join(modules, '@memories'))) {
  // Workspace packages are links to their folders (../../libs/server/nest-common).
  const project = path.relative(
    REPO_ROOT,
    path.resolve(path.join(modules, '@memories'), readlinkSync(path.join(modules, '@memories', name))),
  );
  const dist = path.join(REPO_ROOT, project, 'dist');
  if (!existsSync(dist)) continue;
  cpSync(dist, path.join(target, project, 'dist'), { recursive: true });
  cpSync(path.join(REPO_ROOT, project, 'package.json'), path.join(target, project, 'package.json'));
  // Packages npm installed for this workspace only (another version than the root's).
  if (existsSync(path.join(REPO_ROOT, project, 'node_modules')))
    symlinkSync(path.join(REPO_ROOT, project, 'node_modules'), path.join(target, project, 'node_modules'));
  symlinkSync(
    path.relative(path.join(target, 'node_modules', '@memories'), path.join(target, project)),
    path.join(target, 'node_modules', '@memories', name),
  );
}
process.stdout.write(`kept the build in ${target}\n`);
