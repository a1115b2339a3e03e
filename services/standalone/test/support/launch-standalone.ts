import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const MAIN = path.join(__dirname, '..', '..', 'dist', 'main.js');

export interface StandaloneProcess {
  child: ChildProcess;
  output: () => string;
  /** The URL it prints once ready; rejects when it exits first. */
  ready: Promise<string>;
  exited: Promise<number | null>;
}

/** The built standalone as `npm start` runs it (the sources pull ES modules Jest cannot load), with only `env`. */
export function launchStandalone(env: Record<string, string>): StandaloneProcess {
  const child = spawn(process.execPath, [MAIN], { env: { PATH: process.env.PATH ?? '', ...env } });
  let output = '';
  const ready = new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Memories is ready at (\S+)/.exec(output);
      if (match) resolve(match[1]);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`standalone exited with ${code}:\n${output}`)));
  });
  // A launch that is expected to fail is awaited through `exited` only.
  ready.catch(() => undefined);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, ready, exited };
}
