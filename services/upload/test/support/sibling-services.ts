import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { generateEs256KeyPair } from '@memories/nest-common';
import { getFreePort } from '@memories/server-testing';

type SiblingService = 'memory' | 'auth';

export interface ServiceProcess {
  stop(): Promise<void>;
}

function run(
  service: SiblingService,
  script: string,
  env: Record<string, string>,
): { child: ChildProcess; output: () => string } {
  let output = '';
  const dist = path.resolve(__dirname, '..', '..', '..', service, 'dist');
  const child = spawn(process.execPath, [path.join(dist, script)], { env: { PATH: process.env.PATH ?? '', ...env } });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output };
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null
    ? Promise.resolve(child.exitCode)
    : new Promise<number | null>((resolve) => child.once('exit', resolve));

/**
 * A real service (its build, as its own process) answering the questions the upload service asks on the bus: the
 * memory service (which memories use a file, who may read it) and the auth service (which file is a profile
 * picture). The upload service never imports them, exactly as in a deployment.
 */
async function startService(
  service: SiblingService,
  databaseUrl: string,
  natsUrl: string,
  extra: Record<string, string>,
): Promise<ServiceProcess> {
  const port = await getFreePort();
  const env = { DATABASE_URL: databaseUrl, NATS_URL: natsUrl, PORT: String(port), LOG_LEVEL: 'log', ...extra };
  const migrate = run(service, 'migrate.js', env);
  if ((await exited(migrate.child)) !== 0) throw new Error(`${service} migrations failed: ${migrate.output()}`);

  const running = run(service, 'main.js', env);
  for (let attempt = 0; attempt < 300; attempt++) {
    if (running.child.exitCode !== null) throw new Error(`${service} service exited: ${running.output()}`);
    // Logged once the bus listener is up, after the HTTP probes: only then does it answer on NATS.
    if (running.output().includes(`${service} service ready`)) {
      return {
        async stop() {
          running.child.kill('SIGTERM');
          await exited(running.child);
        },
      };
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  running.child.kill('SIGKILL');
  throw new Error(`${service} service did not become ready: ${running.output()}`);
}

export function startMemoryService(databaseUrl: string, natsUrl: string): Promise<ServiceProcess> {
  return startService('memory', databaseUrl, natsUrl, { FILE_URL_PREFIX: '/api/files/' });
}

/** Its own signing key: the upload suites sign their tokens themselves and only ask it about profile pictures. */
export function startAuthService(databaseUrl: string, natsUrl: string): Promise<ServiceProcess> {
  return startService('auth', databaseUrl, natsUrl, { AUTH_JWT_PRIVATE_KEY: generateEs256KeyPair().privateKey });
}
