import { copyFile, link, mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';

/** Upload keys are `users/<id>/<uuid>.<ext>`; an upload still being received is written beside it as `.partial`. */
const PARTIAL_SUFFIX = '.partial';

/** Every finished file under `root`, by key (`users/<id>/<file>`). */
export async function listStoredFiles(root: string, prefix = ''): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(path.join(root, prefix), { withFileTypes: true }).catch(() => [])) {
    const key = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) found.push(...(await listStoredFiles(root, key)));
    else if (entry.isFile() && !entry.name.endsWith(PARTIAL_SUFFIX)) found.push(key);
  }
  return found;
}

const pathOf = (root: string, key: string) => path.join(root, ...key.split('/'));

/**
 * Puts the file `key` of `from` into `to`. Uploaded files are never changed once written (a new upload is a new
 * key, a deletion only unlinks), so a hard link is an exact, instant copy that costs no space on the same disk;
 * across file systems it is copied. Answers false when the file is gone.
 */
export async function takeFile(from: string, to: string, key: string, mode: 'link' | 'copy'): Promise<boolean> {
  const source = pathOf(from, key);
  const target = pathOf(to, key);
  await mkdir(path.dirname(target), { recursive: true });
  try {
    if (mode === 'link')
      await link(source, target).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'EXDEV' || error.code === 'EPERM' || error.code === 'ENOTSUP')
          return copyFile(source, target);
        throw error;
      });
    else await copyFile(source, target);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

export async function dropFile(root: string, key: string): Promise<void> {
  await rm(pathOf(root, key), { force: true });
}

export async function sizeOf(root: string, key: string): Promise<number> {
  return (await stat(pathOf(root, key))).size;
}
