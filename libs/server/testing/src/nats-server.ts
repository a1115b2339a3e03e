import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { Socket } from 'node:net';
import path from 'node:path';
import { stopChild } from './child-process.util';
import { getFreePort } from './free-port';

export interface TestNatsServer {
  url: string;
  port: number;
  /** The HTTP monitoring endpoint (`/connz`, `/varz`), when asked for with `monitor: true`. */
  monitorUrl?: string;
  stop(): Promise<void>;
}

export interface NatsServerOptions {
  port?: number;
  binary?: string;
  /** Another settings file, e.g. a deployment's (its ports are overridden by ours). Default: NATS_SERVER_CONFIG. */
  config?: string;
  /** Also open the HTTP monitoring port, on a free port of 127.0.0.1. */
  monitor?: boolean;
}

export const NATS_SERVER_INSTALL_COMMAND = 'apt-get install -y nats-server';

/**
 * The settings file of every nats-server we start ourselves (tests, benchmarks, `npm run dev`): an 8 MB payload
 * cap instead of the default 1 MB, so a memory at its content cap fits in one message. nats-server has no flag for it.
 */
export const NATS_SERVER_CONFIG = path.resolve(__dirname, '..', 'config', 'nats-server.conf');

/** Where `nats-server` is: on PATH, or in /usr/sbin where Debian installs it (not on every user's PATH). */
export function findNatsServer(searchPath = process.env.PATH ?? ''): string | undefined {
  const directories = [...searchPath.split(path.delimiter).filter(Boolean), '/usr/sbin', '/usr/local/sbin'];
  return directories.map((directory) => path.join(directory, 'nats-server')).find((candidate) => existsSync(candidate));
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket();
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => (socket.destroy(), resolve(false)));
    socket.connect(port, '127.0.0.1');
  });
}

/** Starts a real `nats-server` child process on a free port of 127.0.0.1. */
export async function startNatsServer(options: NatsServerOptions = {}): Promise<TestNatsServer> {
  const binary = options.binary ?? findNatsServer();
  if (!binary || !existsSync(binary) || spawnSync(binary, ['--version']).status !== 0) {
    throw new Error(`nats-server is not installed. Install it with: ${NATS_SERVER_INSTALL_COMMAND}`);
  }
  const port = options.port ?? (await getFreePort());
  const monitorPort = options.monitor ? await getFreePort() : undefined;
  const config = options.config ?? NATS_SERVER_CONFIG;
  const args = [
    '-c',
    config,
    '-a',
    '127.0.0.1',
    '-p',
    String(port),
    ...(monitorPort === undefined ? [] : ['-m', String(monitorPort)]),
  ];
  const child = spawn(binary, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let output = '';
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 10000;
  while (!(await canConnect(port)) || (monitorPort !== undefined && !(await canConnect(monitorPort)))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stopChild(child);
      throw new Error(`nats-server did not start on port ${port} with ${config}: ${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url: `nats://127.0.0.1:${port}`,
    port,
    ...(monitorPort === undefined ? {} : { monitorUrl: `http://127.0.0.1:${monitorPort}` }),
    stop: () => stopChild(child),
  };
}
