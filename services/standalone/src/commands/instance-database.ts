import path from 'node:path';
import { authServiceDescriptor } from '@memories/auth-service';
import { EmbeddedPostgresManager, isPortInUse, migrateService, type Environment } from '@memories/nest-common';
import { loadStandaloneConfig } from '../config/standalone.config';
import { standalonePublicUrl } from '../public-url';
import { signingKeys } from '../standalone';

/**
 * Runs an owner's command (reset link, admin role) on the data of this instance, with the same configuration as
 * `npm start` (DATA_DIR, EMBEDDED_POSTGRES_PORT or DATABASE_URL, PORT or PUBLIC_URL), whether Memories is running
 * or not: its PostgreSQL when it is, otherwise started for the command alone. `command` gets the auth service's
 * environment.
 */
export async function withInstanceDatabase(command: (env: Environment) => Promise<number>): Promise<number> {
  const config = loadStandaloneConfig(process.env);
  const dataDir = path.resolve(config.DATA_DIR);
  const keys = await signingKeys(process.env, dataDir);
  const env = (databaseUrl: string): Environment => ({
    DATABASE_URL: databaseUrl,
    PUBLIC_URL: standalonePublicUrl(config, process.env),
    AUTH_JWT_PRIVATE_KEY: keys.privateKey,
    LOG_LEVEL: 'error',
  });
  if (config.DATABASE_URL) return command(env(config.DATABASE_URL));

  const postgres = new EmbeddedPostgresManager({
    dataDir: path.join(dataDir, 'postgres'),
    port: config.EMBEDDED_POSTGRES_PORT,
    database: 'memories',
  });
  if (await isPortInUse(config.EMBEDDED_POSTGRES_PORT)) return command(env(postgres.url));
  const url = await postgres.start();
  try {
    await migrateService(authServiceDescriptor, env(url));
    return await command(env(url));
  } finally {
    await postgres.stop();
  }
}
