import path from 'node:path';
import { authServiceDescriptor, runResetLinkCommand } from '@memories/auth-service';
import { EmbeddedPostgresManager, isPortInUse, migrateService, runMain, type Environment } from '@memories/nest-common';
import { loadStandaloneConfig } from './config/standalone.config';
import { standalonePublicUrl } from './public-url';
import { signingKeys } from './standalone';

/**
 * `npm run reset-password -- <email>`: a one-time reset link for an account of this instance, printed for its owner
 * (there is no e-mail without SMTP). Same configuration as `npm start` (DATA_DIR, EMBEDDED_POSTGRES_PORT or
 * DATABASE_URL, PORT or PUBLIC_URL); works whether Memories is running or not.
 */
async function main(): Promise<number> {
  const config = loadStandaloneConfig(process.env);
  const dataDir = path.resolve(config.DATA_DIR);
  const keys = await signingKeys(process.env, dataDir);
  const env = (databaseUrl: string): Environment => ({
    DATABASE_URL: databaseUrl,
    PUBLIC_URL: standalonePublicUrl(config, process.env),
    AUTH_JWT_PRIVATE_KEY: keys.privateKey,
    LOG_LEVEL: 'error',
  });
  const print = (line: string) => process.stdout.write(`${line}\n`);
  const args = process.argv.slice(2);
  // A wrong command line is answered with the usage before any database is touched.
  if (args.length !== 1) return runResetLinkCommand(args, {}, print);
  if (config.DATABASE_URL) return runResetLinkCommand(args, env(config.DATABASE_URL), print);

  const postgres = new EmbeddedPostgresManager({
    dataDir: path.join(dataDir, 'postgres'),
    port: config.EMBEDDED_POSTGRES_PORT,
    database: 'memories',
  });
  // Memories is running: its PostgreSQL already serves the data. Otherwise start it for this command alone.
  if (await isPortInUse(config.EMBEDDED_POSTGRES_PORT)) return runResetLinkCommand(args, env(postgres.url), print);
  const url = await postgres.start();
  try {
    await migrateService(authServiceDescriptor, env(url));
    return await runResetLinkCommand(args, env(url), print);
  } finally {
    await postgres.stop();
  }
}

runMain(async () => {
  process.exitCode = await main();
});
