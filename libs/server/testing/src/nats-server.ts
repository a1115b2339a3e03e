import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BUS_USERS, natsAuthorization, natsServerEnvironment, type BusUser } from '@memories/contracts';
import type { NatsSecurity } from '@memories/nest-common';
import { stopChild } from './child-process.util';
import { getFreePort } from './free-port';

/** The NATS password of each part of Memories. */
export type BusPasswords = Record<BusUser, string>;

export interface TestNatsServer {
  url: string;
  port: number;
  /** The HTTP monitoring endpoint (`/connz`, `/varz`), when asked for with `monitor: true`. */
  monitorUrl?: string;
  /** Each part's password, when the server was started `secured`. */
  passwords?: BusPasswords;
  /** The settings a part needs to sign in as `user` (NATS_USER, NATS_PASSWORD); none when the server is open. */
  credentialsOf(user: BusUser): Record<string, string>;
  /** The same, as a bus client takes them. */
  securityOf(user: BusUser): NatsSecurity;
  stop(): Promise<void>;
}

export interface NatsServerOptions {
  port?: number;
  binary?: string;
  /**
   * Another settings file, e.g. a deployment's (DEPLOYED_NATS_CONFIG: its ports are overridden by ours, its
   * monitoring port closed unless `monitor`). Default: NATS_SERVER_CONFIG.
   */
  config?: string;
  /** Also open the HTTP monitoring port, on a free port of 127.0.0.1. */
  monitor?: boolean;
  /**
   * Every part signs in as its own user with the permissions of BUS_GRANTS: new passwords (`true`), or those of a
   * server started before (to restart it), given to the server as NATS_<USER>_PASSWORD. The deployment's settings
   * hold that authorization themselves; the tests' own settings get it added.
   */
  secured?: true | BusPasswords;
}

export const NATS_SERVER_INSTALL_COMMAND = 'apt-get install -y nats-server';

/**
 * The settings file of every nats-server we start ourselves (tests, benchmarks, `npm run dev`): an 8 MB payload
 * cap instead of the default 1 MB, so a memory at its content cap fits in one message. nats-server has no flag for it.
 */
export const NATS_SERVER_CONFIG = path.resolve(__dirname, '..', 'config', 'nats-server.conf');

/** The file compose mounts and the in-cluster NATS reads. */
export const DEPLOYED_NATS_CONFIG = path.resolve(
  __dirname,
  '..',
  '..',
  '..',
  '..',
  'k8s',
  'components',
  'in-cluster-infra',
  'nats.conf',
);

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
  const passwords = passwordsFor(options.secured);
  const { config, settingsDir } = await settingsFile(options.config ?? NATS_SERVER_CONFIG, passwords !== undefined);
  // `-m 0` closes a monitoring port the settings file may open (the deployment's, on a fixed port).
  const args = ['-c', config, '-a', '127.0.0.1', '-p', String(port), '-m', String(monitorPort ?? 0)];
  const child = spawn(binary, args, {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, ...(passwords ? natsServerEnvironment(passwords) : {}) },
  });
  let output = '';
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 10000;
  while (!(await canConnect(port)) || (monitorPort !== undefined && !(await canConnect(monitorPort)))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stopChild(child);
      if (settingsDir) await rm(settingsDir, { recursive: true, force: true });
      throw new Error(`nats-server did not start on port ${port} with ${config}: ${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const credentialsOf = (user: BusUser) =>
    passwords ? { NATS_USER: user, NATS_PASSWORD: passwords[user] } : ({} as Record<string, string>);
  return {
    url: `nats://127.0.0.1:${port}`,
    port,
    ...(monitorPort === undefined ? {} : { monitorUrl: `http://127.0.0.1:${monitorPort}` }),
    ...(passwords ? { passwords } : {}),
    credentialsOf,
    securityOf: (user) => (passwords ? { user, password: passwords[user] } : {}),
    stop: async () => {
      await stopChild(child);
      if (settingsDir) await rm(settingsDir, { recursive: true, force: true });
    },
  };
}

/** A NATS password for each part, drawn at random (tests, and `npm run dev` for its run). */
export function drawNatsPasswords(): BusPasswords {
  return Object.fromEntries(BUS_USERS.map((user) => [user, randomBytes(18).toString('base64url')])) as BusPasswords;
}

function passwordsFor(secured: NatsServerOptions['secured']): BusPasswords | undefined {
  if (secured === undefined) return undefined;
  return secured === true ? drawNatsPasswords() : secured;
}

/**
 * The settings file to start with: `config`, or the tests' own with the parts' authorization added when secured (a
 * deployment's file is used as it is, so that a test sees what the deployment does).
 */
async function settingsFile(config: string, secured: boolean): Promise<{ config: string; settingsDir?: string }> {
  const text = readFileSync(config, 'utf8');
  if (/^authorization\s*\{/m.test(text) && !secured) {
    throw new Error(`${config} signs every part in: start its nats-server secured`);
  }
  if (!secured || config !== NATS_SERVER_CONFIG) return { config };
  const settingsDir = await mkdtemp(path.join(tmpdir(), 'memories-nats-'));
  const file = path.join(settingsDir, 'nats-server.conf');
  await writeSecuredNatsSettings(file);
  return { config: file, settingsDir };
}

/**
 * Writes the tests' settings with the parts' authorization added (every part signs in as itself, as deployed) to
 * `file`; answers the environment the nats-server needs to read them with `passwords`.
 */
export async function writeSecuredNatsSettings(
  file: string,
  passwords: BusPasswords = drawNatsPasswords(),
): Promise<{ passwords: BusPasswords; environment: Record<string, string> }> {
  await writeFile(file, `${readFileSync(NATS_SERVER_CONFIG, 'utf8')}\n${natsAuthorization()}`);
  return { passwords, environment: natsServerEnvironment(passwords) };
}
