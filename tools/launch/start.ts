// The first half of `npm start`: builds what the embedded mode needs through Nx (cached: nothing changed, nothing
// rebuilt), then exits. package.json's script then runs serve-built.sh, which hands the shell over to the built
// server itself, so that neither this launcher nor tsx stays resident beside it (~115 MB, issue 39).
import { NX_BIN, run } from './process-group';

const BUILD_PROJECTS = ['standalone', 'shell', 'landing', 'memories', 'editor', 'viewer', 'settings'];

async function main(): Promise<void> {
  const started = Date.now();
  const built = await run(NX_BIN, ['run-many', '-t', 'build', '-p', ...BUILD_PROJECTS, '--outputStyle=static']);
  if (built !== 0) {
    process.stderr.write(`The build failed (exit code ${built}); Memories was not started.\n`);
    process.exit(built);
  }
  process.stdout.write(`Build checked in ${((Date.now() - started) / 1000).toFixed(1)} s; starting Memories...\n`);
}

void main();
