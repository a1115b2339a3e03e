import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { getFreePort } from '@memories/server-testing';

const MEMORY_DIST = path.resolve(__dirname, '..', '..', '..', 'memory', 'dist');

export interface MemoryServiceProcess {
  stop(): Promise<void>;
}

function run(script: string, env: Record<string, string>): { child: ChildProcess; output: () => string } {
  let output = '';
  const child = spawn(process.execPath, [path.join(MEMORY_DIST, script)], { env: { PATH: process.env.PATH ?? '', ...env } });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output };
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null ? Promise.resolve(child.exitCode) : new Promise<number | null>((resolve) => child.once('exit', resolve));

/**
 * The real memory service (its build, as its own process) answering the questions the upload service asks on
 * the bus: the upload service never imports it, exactly as in a deployment.
 */
export async function startMemoryService(databaseUrl: string, natsUrl: string): Promise<MemoryServiceProcess> {
  const port = await getFreePort();
  const env = { DATABASE_URL: databaseUrl, NATS_URL: natsUrl, PORT: String(port), LOG_LEVEL: 'log', FILE_URL_PREFIX: '/api/files/' };
  const migrate = run('migrate.js', env);
  if ((await exited(migrate.child)) !== 0) throw new Error(`memory migrations failed: ${migrate.output()}`);

  const service = run('main.js', env);
  for (let attempt = 0; attempt < 300; attempt++) {
    if (service.child.exitCode !== null) throw new Error(`memory service exited: ${service.output()}`);
    // Logged once the bus listener is up, after the HTTP probes: only then does it answer on NATS.
    if (service.output().includes('memory service ready')) {
      return {
        async stop() {
          service.child.kill('SIGTERM');
          await exited(service.child);
        },
      };
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  service.child.kill('SIGKILL');
  throw new Error(`memory service did not become ready: ${service.output()}`);
}
