import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const workspaceRoot = resolve(__dirname, '..', '..');

/** tsconfig.base.json's `paths`: each `@memories/*` name and the source file it stands for, from the workspace root. */
export function workspacePaths(): Record<string, string> {
  const { compilerOptions } = JSON.parse(readFileSync(join(workspaceRoot, 'tsconfig.base.json'), 'utf8'));
  const paths: Record<string, string[]> = compilerOptions.paths;
  return Object.fromEntries(Object.entries(paths).map(([alias, [target]]) => [alias, target]));
}
