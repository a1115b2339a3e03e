import { spawn, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

const DIST = path.join(__dirname, '..', '..', 'dist');

export interface StandaloneProcess {
  child: ChildProcess;
  output: () => string;
  ready: Promise<string>;
  exited: Promise<number | null>;
}

/** A built entry of the standalone (main.js: `npm start`; backup/*.main.js: its commands) as its own process. */
export function launch(env: Record<string, string>, entry = 'main.js', args: string[] = []): StandaloneProcess {
  const child = spawn(process.execPath, [path.join(DIST, entry), ...args], {
    env: { PATH: process.env.PATH ?? '', ...env },
  });
  let output = '';
  const ready = new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Memories is ready at (\S+)/.exec(output);
      if (match) resolve(match[1]);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`standalone exited with ${code}:\n${output}`)));
  });
  // A launch that is expected to fail (or a command, which never gets ready) is awaited through `exited` only.
  ready.catch(() => undefined);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, ready, exited };
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export async function postmasterPid(dataDir: string): Promise<number> {
  return Number.parseInt((await readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[0], 10);
}
