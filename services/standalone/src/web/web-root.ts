import { existsSync } from 'node:fs';
import path from 'node:path';
import { RUNTIME_REMOTE_NAMES, type RuntimeRemoteName } from '@memories/contracts';

export interface WebFolders {
  shell: string;
  remotes: Record<RuntimeRemoteName, string>;
}

/** The folder of an installed workspace package (npm links every workspace into node_modules). */
function workspaceFolder(packageName: string): string {
  return path.dirname(require.resolve(`${packageName}/package.json`));
}

/**
 * Where the built front end lives: `<webRoot>/shell/dist` and `<webRoot>/remotes/<name>/dist` when WEB_ROOT is
 * set, otherwise the dist folders of the shell and remote workspaces.
 */
export function locateWebFolders(webRoot?: string): WebFolders {
  const shell = webRoot ? path.resolve(webRoot, 'shell') : workspaceFolder('@memories/shell');
  const remotes = Object.fromEntries(
    RUNTIME_REMOTE_NAMES.map((name) => [
      name,
      path.join(webRoot ? path.resolve(webRoot, 'remotes', name) : workspaceFolder(`@memories/remote-${name}`), 'dist'),
    ]),
  ) as Record<RuntimeRemoteName, string>;
  return { shell: path.join(shell, 'dist'), remotes };
}

/** The folders that are not built yet, for a clear message at boot. */
export function missingWebFolders(folders: WebFolders): string[] {
  return [folders.shell, ...Object.values(folders.remotes)].filter((folder) => !existsSync(folder));
}
