import { existsSync } from 'node:fs';
import path from 'node:path';
import { authServiceDescriptor } from '@memories/auth-service';
import { memoryServiceDescriptor } from '@memories/memory-service';
import { notifyServiceDescriptor } from '@memories/notify-service';
import {
  EmbeddedPostgresManager,
  embeddedPostgresUrl,
  runningPostgresPort,
  type ServiceDatabaseOptions,
  OperatorError,
} from '@memories/nest-common';
import { uploadServiceDescriptor } from '@memories/upload-service';
import type { StandaloneConfig } from '../config/standalone.config';

/** The embedded mode's database name (the cluster holds one database). */
export const EMBEDDED_DATABASE = 'memories';

/** Each service's schema and migrations: what a backup holds and a restore rebuilds. */
export const SERVICE_DATABASES: ReadonlyArray<Pick<ServiceDatabaseOptions, 'schema' | 'migrations'>> = [
  authServiceDescriptor.database,
  memoryServiceDescriptor.database,
  uploadServiceDescriptor.database,
  notifyServiceDescriptor.database,
];

/** Where an `npm start` instance keeps what: the cluster, the uploaded files, the backups, the unsent e-mails. */
export interface InstancePaths {
  dataDir: string;
  postgresDir: string;
  uploadsDir: string;
  /** E-mails written as files when there is no SMTP (not part of a backup: their links expire within a day). */
  mailOutboxDir: string;
}

export function instancePaths(config: Pick<StandaloneConfig, 'DATA_DIR'>): InstancePaths {
  const dataDir = path.resolve(config.DATA_DIR);
  return {
    dataDir,
    postgresDir: path.join(dataDir, 'postgres'),
    uploadsDir: path.join(dataDir, 'uploads'),
    mailOutboxDir: path.join(dataDir, 'mail-outbox'),
  };
}

export interface OpenDatabase {
  url: string;
  /** Stops the embedded server if this process started it; leaves a running instance's server alone. */
  close(): Promise<void>;
}

/**
 * The instance's database, whether or not Memories is running: DATABASE_URL when set; the embedded server of a
 * running instance (its port is in postmaster.pid); otherwise the embedded server started here for the occasion.
 */
export async function openInstanceDatabase(
  config: StandaloneConfig,
  log: (message: string) => void,
): Promise<OpenDatabase> {
  const noop = async () => undefined;
  if (config.DATABASE_URL) return { url: config.DATABASE_URL, close: noop };
  const { dataDir, postgresDir } = instancePaths(config);
  const port = await runningPostgresPort(postgresDir);
  if (port !== undefined) return { url: embeddedPostgresUrl(postgresDir, port, EMBEDDED_DATABASE), close: noop };
  if (!existsSync(path.join(postgresDir, 'PG_VERSION')))
    throw new OperatorError(`There is no Memories data in ${dataDir}.`);
  const manager = new EmbeddedPostgresManager({
    dataDir: postgresDir,
    port: config.EMBEDDED_POSTGRES_PORT,
    database: EMBEDDED_DATABASE,
    log,
  });
  const url = await manager.start();
  return { url, close: () => manager.stop() };
}
