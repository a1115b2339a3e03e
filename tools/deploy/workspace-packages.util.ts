import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface WorkspacePackage {
  /** Folder relative to the repository root, e.g. `services/auth`. */
  dir: string;
  name: string;
  /** The Nx project name (`nx.name`), or the package name when it has none. */
  nxProject: string;
  main?: string;
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
}

/** Every npm workspace of the repository, read from the root package.json `workspaces` (`dir` or `dir/*`). */
export function readWorkspacePackages(repoRoot: string): WorkspacePackage[] {
  const { workspaces } = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
    workspaces: string[];
  };
  const dirs = workspaces.flatMap((pattern) => {
    if (!pattern.endsWith('/*')) return [pattern];
    const parent = pattern.slice(0, -2);
    if (!existsSync(path.join(repoRoot, parent))) return [];
    return readdirSync(path.join(repoRoot, parent), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => `${parent}/${entry.name}`);
  });
  return dirs
    .filter((dir) => existsSync(path.join(repoRoot, dir, 'package.json')))
    .map((dir) => {
      const manifest = JSON.parse(readFileSync(path.join(repoRoot, dir, 'package.json'), 'utf8'));
      return {
        dir,
        name: manifest.name,
        nxProject: manifest.nx?.name ?? manifest.name,
        main: manifest.main,
        scripts: manifest.scripts ?? {},
        dependencies: manifest.dependencies ?? {},
      };
    });
}

/** The workspace packages `root` depends on, directly or through other workspace packages (root excluded). */
export function workspaceDependencyClosure(root: WorkspacePackage, all: WorkspacePackage[]): WorkspacePackage[] {
  const byName = new Map(all.map((workspacePackage) => [workspacePackage.name, workspacePackage]));
  const found = new Map<string, WorkspacePackage>();
  const visit = (current: WorkspacePackage) => {
    for (const dependency of Object.keys(current.dependencies)) {
      const linked = byName.get(dependency);
      if (linked && !found.has(linked.name) && linked.name !== root.name) {
        found.set(linked.name, linked);
        visit(linked);
      }
    }
  };
  visit(root);
  return [...found.values()];
}
