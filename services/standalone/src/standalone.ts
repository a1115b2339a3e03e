import path from 'node:path';
import { Logger, type INestMicroservice } from '@nestjs/common';
import { FILE_URL_PREFIX } from '@memories/contracts';
import { authServiceDescriptor } from '@memories/auth-service';
import { createGatewayApp, loadGatewayConfig } from '@memories/gateway';
import { memoryServiceDescriptor } from '@memories/memory-service';
import { notifyServiceDescriptor } from '@memories/notify-service';
import {
  EmbeddedPostgresManager,
  FILE_VARIABLE_SUFFIX,
  InProcessBroker,
  configureServiceLogging,
  processBroker,
  loadOrCreateEs256KeyPair,
  loadOrCreateVapidKeyPair,
  migrateService,
  shareOneDatabasePool,
  startInProcessService,
  type DatabaseServerConfig,
  type Environment,
  type ServiceDescriptor,
} from '@memories/nest-common';
import { TransferHttpRoutes, UploadHttpRoutes, uploadServiceDescriptor } from '@memories/upload-service';
import { backUpBeforeMigrating, DailyBackups, restoreHint } from './backup/automatic-backups';
import { SERVICE_DATABASES, instancePaths } from './backup/instance';
import { loadStandaloneConfig } from './config/standalone.config';
import { standalonePublicUrl } from './public-url';
import { registerStaticSite } from './web/static-site';
import { locateWebFolders, missingWebFolders } from './web/web-root';

export interface RunningStandalone {
  url: string;
  /** Stops the gateway, the services and the embedded PostgreSQL, in that order. */
  stop(): Promise<void>;
}

const logger = new Logger('standalone');

// Single sign-on settings, each also from a file (NAME_FILE, as Docker secrets are mounted).
const SINGLE_SIGN_ON_VARIABLES = [
  'OIDC_ISSUER',
  'OIDC_CLIENT_ID',
  'OIDC_CLIENT_SECRET',
  'OIDC_DISPLAY_NAME',
  'OIDC_SCOPES',
  'OIDC_AUTO_PROVISION',
  'OIDC_LOGOUT',
  'PASSWORD_LOGIN',
].flatMap((name) => [name, `${name}${FILE_VARIABLE_SUFFIX}`]);
// Auth settings handed through as given; the auth service and the gateway validate them with their own config.
const AUTH_SERVICE_VARIABLES = [
  'AUTH_JWT_ISSUER',
  'AUTH_JWT_AUDIENCE',
  'AUTH_ACCESS_TOKEN_TTL_SECONDS',
  'AUTH_REFRESH_TOKEN_TTL_DAYS',
  'AUTH_ARGON2_MEMORY_KIB',
  'PUBLIC_URL',
  'SMTP_URL',
  'MAIL_FROM',
  ...SINGLE_SIGN_ON_VARIABLES,
  'SIGNUP_MODE',
  'REQUIRE_VERIFIED_EMAIL',
  'AUTH_RATE_LIMIT_PER_MINUTE',
] as const;
// Upload settings handed through as given (the upload service validates them).
const UPLOAD_SERVICE_VARIABLES = [
  'IMPORT_JOB_TIMEOUT_SECONDS',
  'STORAGE_QUOTA_MB',
  'ACCOUNT_STATUS_CACHE_SECONDS',
] as const;
// Notify settings handed through as given (the notify service validates them); SMTP_URL and MAIL_FROM reach it too.
const NOTIFY_SERVICE_VARIABLES = [
  'WEBHOOK_ALLOWED_HOSTS',
  'WEBHOOK_RETRY_BASE_SECONDS',
  'WEBHOOK_MAX_ATTEMPTS',
  'WEBHOOK_UPDATE_QUIET_SECONDS',
  'PUSH_ALLOWED_HOSTS',
  'VAPID_SUBJECT',
  'REMINDER_RETRY_BASE_SECONDS',
] as const;
const GATEWAY_AUTH_VARIABLES = [
  'AUTH_JWT_ISSUER',
  'AUTH_JWT_AUDIENCE',
  'COOKIE_SECURE',
  'AUTH_RATE_LIMIT_PER_MINUTE',
  'ACCOUNT_STATUS_CACHE_SECONDS',
] as const;

function pick(env: Environment, names: readonly string[]): Environment {
  return Object.fromEntries(
    names.filter((name) => env[name] !== undefined && env[name] !== '').map((name) => [name, env[name]]),
  );
}

/** The access-token keys: from the environment when both are given, otherwise generated once into DATA_DIR/keys. */
export async function signingKeys(
  env: Environment,
  dataDir: string,
): Promise<{ privateKey: string; publicKey: string }> {
  if (env.AUTH_JWT_PRIVATE_KEY && env.AUTH_JWT_PUBLIC_KEY) {
    return { privateKey: env.AUTH_JWT_PRIVATE_KEY, publicKey: env.AUTH_JWT_PUBLIC_KEY };
  }
  return loadOrCreateEs256KeyPair(path.join(dataDir, 'keys'));
}

/** The Web Push keys, kept like the signing keys: from the environment when both are given, else DATA_DIR/keys. */
export async function webPushKeys(
  env: Environment,
  dataDir: string,
): Promise<{ VAPID_PUBLIC_KEY: string; VAPID_PRIVATE_KEY: string }> {
  const { publicKey, privateKey } =
    env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY
      ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY }
      : await loadOrCreateVapidKeyPair(path.join(dataDir, 'keys'));
  return { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey };
}

async function migrateAndStart<TConfig extends DatabaseServerConfig>(
  descriptor: ServiceDescriptor<TConfig>,
  env: Environment,
  broker: InProcessBroker,
  restoreCommand: string,
): Promise<INestMicroservice> {
  await migrateService(descriptor, env, restoreCommand);
  return startInProcessService(descriptor, descriptor.loadConfig(env), broker);
}

/**
 * PostgreSQL sized for one process serving a few people on a small machine (issue 39: a Raspberry Pi, a 1 GB VPS):
 * as many connections as the process can open plus room for backups and commands, no I/O worker processes
 * (PostgreSQL 18 starts three; one person's reads do not need them), and no logical replication launcher (nothing
 * replicates from an embedded server). `shared_buffers` keeps PostgreSQL's 128 MB: the memory is only taken as a
 * journal's pages are read, and 32 MB made imports slower the larger the database grew (docs/performance.md).
 */
function smallMachineSettings(poolSize: number): Record<string, string> {
  // The services' one pool; while starting, each of the four services' migrations (their own pools, at most two
  // connections each: the migrations' transaction and a read of where they stand); ten more for backups, commands
  // and probes.
  const connections = poolSize + 4 * 2 + 10;
  return {
    max_connections: String(connections),
    io_method: 'sync',
    max_logical_replication_workers: '0',
  };
}

async function stopAll(stops: Array<() => Promise<void>>): Promise<void> {
  for (const stop of stops.splice(0).reverse()) {
    await stop().catch((error: unknown) => logger.error(`Error while stopping: ${String(error)}`));
  }
}

/**
 * The embedded mode in one process: PostgreSQL (embedded unless DATABASE_URL is set), every service's
 * migrations, the four services and the gateway wired by one in-process bus, and the built front end, all on
 * one origin.
 */
export async function startStandalone(env: Environment = process.env): Promise<RunningStandalone> {
  const config = loadStandaloneConfig(env);
  configureServiceLogging({ service: 'memories', level: config.LOG_LEVEL, format: config.LOG_FORMAT });
  const dataDir = path.resolve(config.DATA_DIR);
  const stops: Array<() => Promise<void>> = [];
  try {
    let databaseUrl = config.DATABASE_URL;
    if (!databaseUrl) {
      const postgres = new EmbeddedPostgresManager({
        dataDir: path.join(dataDir, 'postgres'),
        port: config.EMBEDDED_POSTGRES_PORT,
        database: 'memories',
        log: (message) => logger.log(message),
        warn: (message) => logger.warn(message),
        settings: smallMachineSettings(config.DATABASE_POOL_SIZE),
      });
      stops.push(() => postgres.stop());
      databaseUrl = await postgres.start();
    }

    const keys = await signingKeys(env, dataDir);
    const url = standalonePublicUrl(config, env);
    const serviceEnv: Environment = {
      PUBLIC_URL: url,
      ...pick(env, AUTH_SERVICE_VARIABLES),
      ...pick(env, UPLOAD_SERVICE_VARIABLES),
      ...pick(env, NOTIFY_SERVICE_VARIABLES),
      ...(await webPushKeys(env, dataDir)),
      AUTH_JWT_PRIVATE_KEY: keys.privateKey,
      // Without SMTP the e-mails (reset and verification links) are files here, never lines of the log.
      MAIL_OUTBOX_DIR: instancePaths(config).mailOutboxDir,
      LOG_LEVEL: config.LOG_LEVEL,
      BUS_TRANSPORT: 'in-process',
      BUS_TIMEOUT_MS: String(config.BUS_TIMEOUT_MS),
      DATABASE_URL: databaseUrl,
      DATABASE_POOL_SIZE: String(config.DATABASE_POOL_SIZE),
      STORAGE_DRIVER: 'local',
      STORAGE_LOCAL_DIR: instancePaths(config).uploadsDir,
      // The upload service reads the media cookie (the access token) on /api/files/*; content images must be ours.
      AUTH_JWT_PUBLIC_KEY: keys.publicKey,
      FILE_URL_PREFIX,
    };
    const backupSource = {
      dataDir,
      databaseUrl,
      uploadsDir: instancePaths(config).uploadsDir,
      schemas: SERVICE_DATABASES.map((service) => service.schema),
    };
    const backupSettings = { intervalHours: config.BACKUP_INTERVAL_HOURS, keep: config.BACKUP_KEEP };
    await backUpBeforeMigrating(backupSource, SERVICE_DATABASES, backupSettings, (message) => logger.log(message));
    const restoreCommand = await restoreHint(dataDir);
    // The process-wide broker, not a new one: clients a service creates for itself (the memory service's event
    // publisher) default to it, and an event published on another broker would reach no subscriber.
    const broker = processBroker;
    // Four services and two job queues in one process for a few people: one pool of connections, not six.
    shareOneDatabasePool({ max: config.DATABASE_POOL_SIZE, applicationName: 'memories' });
    const services = await Promise.all([
      migrateAndStart(authServiceDescriptor, serviceEnv, broker, restoreCommand),
      migrateAndStart(memoryServiceDescriptor, serviceEnv, broker, restoreCommand),
      migrateAndStart(uploadServiceDescriptor, serviceEnv, broker, restoreCommand),
      migrateAndStart(notifyServiceDescriptor, serviceEnv, broker, restoreCommand),
    ]);
    for (const service of services) stops.push(() => service.close());

    const gateway = await createGatewayApp(
      loadGatewayConfig({
        HOST: config.HOST,
        PORT: String(config.PORT),
        LOG_LEVEL: config.LOG_LEVEL,
        BUS_TRANSPORT: 'in-process',
        BUS_TIMEOUT_MS: String(config.BUS_TIMEOUT_MS),
        // One process serving the browser directly: no proxy may name the client, unless one is put in front.
        TRUST_PROXY_HOPS: env.TRUST_PROXY_HOPS || '0',
        ...pick(env, GATEWAY_AUTH_VARIABLES),
        AUTH_JWT_PUBLIC_KEY: keys.publicKey,
      }),
      // One /metrics for the whole process, on the app's own port: this machine only, unless a token is set.
      { broker, metrics: { token: config.METRICS_TOKEN, localOnly: true } },
    );
    stops.push(() => gateway.close());
    const webFolders = locateWebFolders(config.WEB_ROOT);
    const missing = missingWebFolders(webFolders);
    if (missing.length > 0) {
      logger.warn(`The front end is not built yet (missing ${missing.join(', ')}): run "npm start" to build it.`);
    }
    // The upload service has no HTTP server of its own here: its signed PUT and private GET join the one origin.
    services[2].get(UploadHttpRoutes).register(gateway.getHttpAdapter().getInstance());
    services[2].get(TransferHttpRoutes).register(gateway.getHttpAdapter().getInstance());
    await registerStaticSite(gateway.getHttpAdapter().getInstance(), webFolders);
    await gateway.listen(config.PORT, config.HOST);
    const dailyBackups = new DailyBackups(backupSource, backupSettings, (message) => logger.log(message));
    dailyBackups.start();
    stops.push(() => dailyBackups.stop());

    return { url, stop: () => stopAll(stops) };
  } catch (error) {
    await stopAll(stops);
    throw error;
  }
}
