// `npm start`: builds what the embedded mode needs through Nx (cached: nothing changed, nothing rebuilt), then runs
// the standalone process (PostgreSQL, every service, the gateway and the front end on one origin).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { NX_BIN, REPO_ROOT, forwardSignals, launchEnv, run, watchForOrphaning } from './process-group';

const BUILD_PROJECTS = ['standalone', 'shell', 'landing', 'memories', 'editor', 'viewer', 'settings'];

async function main(): Promise<void> {
  const started = Date.now();
  const built = await run(NX_BIN, ['run-many', '-t', 'build', '-p', ...BUILD_PROJECTS, '--outputStyle=static']);
  if (built !== 0) {
    process.stderr.write(`The build failed (exit code ${built}); Memories was not started.\n`);
    process.exit(built);
  }
  process.stdout.write(`Build checked in ${((Date.now() - started) / 1000).toFixed(1)} s; starting Memories...\n`);

  // Its own process group, so that Ctrl-C reaches it once, through us, and PostgreSQL is stopped by it in order.
  const standalone = spawn(process.execPath, [path.join(REPO_ROOT, 'services', 'standalone', 'dist', 'main.js')], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
    env: launchEnv(),
    detached: true,
  });
  forwardSignals(() => [standalone]);
  watchForOrphaning(() => standalone.kill('SIGTERM'));
  standalone.once('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

void main();
