/**
 * What the deployment must contain, in one place: every deployable part, its folder, Nx project, port and needs.
 * The values are the decisions of the team brief (ports, health paths, environment); the validators compare the
 * Dockerfiles, docker-compose.yml and the Kubernetes manifests against this table, so a drift fails `npm test`.
 */
import path from 'node:path';
import {
  EXPORT_PATH,
  FILE_URL_PREFIX,
  IMPORT_PATH,
  RUNTIME_REMOTE_NAMES,
  UPLOAD_URL_PREFIX,
} from '@memories/contracts';

export const repoRoot = path.resolve(__dirname, '..', '..');

export interface BackendService {
  /** Name of the compose service, the Kubernetes Deployment/Service and the image. */
  name: 'gateway' | 'auth' | 'memory' | 'upload' | 'notify';
  dir: string;
  nxProject: string;
  /** The service's default `PORT`: the HTTP API for the gateway, the health endpoints for the bus services. */
  port: number;
  needsDatabase: boolean;
  needsObjectStorage: boolean;
}

export interface FrontEndApp {
  /** Name of the compose service, the Kubernetes Deployment/Service and the image. */
  name: string;
  dir: string;
  nxProject: string;
  kind: 'shell' | 'remote';
  /** Path prefix the app is served under, on the public origin and inside its own container alike. */
  publicPath: string;
}

export const healthPaths = { live: '/health/live', ready: '/health/ready' } as const;

/** Static front-end containers (nginx-unprivileged) listen here and answer `/healthz`. */
export const staticServerPort = 8080;
export const staticHealthPath = '/healthz';

export const backendServices: readonly BackendService[] = [
  {
    name: 'gateway',
    dir: 'services/gateway',
    nxProject: 'gateway',
    port: 3000,
    needsDatabase: false,
    needsObjectStorage: false,
  },
  { name: 'auth', dir: 'services/auth', nxProject: 'auth', port: 3001, needsDatabase: true, needsObjectStorage: false },
  {
    name: 'memory',
    dir: 'services/memory',
    nxProject: 'memory',
    port: 3002,
    needsDatabase: true,
    needsObjectStorage: false,
  },
  {
    name: 'upload',
    dir: 'services/upload',
    nxProject: 'upload',
    port: 3003,
    needsDatabase: true,
    needsObjectStorage: true,
  },
  {
    name: 'notify',
    dir: 'services/notify',
    nxProject: 'notify',
    port: 3004,
    needsDatabase: true,
    needsObjectStorage: false,
  },
];

/** The remotes the shell loads at run time: each is deployed as its own static app. */
export const remoteNames = RUNTIME_REMOTE_NAMES;

export const frontEndApps: readonly FrontEndApp[] = [
  { name: 'shell', dir: 'shell', nxProject: 'shell', kind: 'shell', publicPath: '/' },
  ...remoteNames.map((remote): FrontEndApp => ({
    name: `remote-${remote}`,
    dir: `remotes/${remote}`,
    nxProject: remote,
    kind: 'remote',
    publicPath: `/remotes/${remote}/`,
  })),
];

/**
 * The bucket of the upload service, and the path it has on the public origin: browsers PUT images to presigned URLs
 * and follow redirects to presigned GETs there (path-style), so the proxy and the Ingress pass `/<bucket>/` to the
 * object store with the browser's Host header, which the signatures cover. One origin: no CORS, CSP `'self'`.
 */
export const objectStoreBucket = 'memories-files';

/** The target of the bucket path: compose's MinIO container, the Kubernetes Service `object-store`. */
export const objectStoreTarget = 'object-store';

/**
 * The routing contract of the one public origin, shared by the compose proxy and the Ingress: the upload service's
 * browser routes go to its HTTP port, the bucket path to the object store, the rest of /api to the gateway, each
 * remote's prefix to its static server, everything else to the shell (the SPA). Paths are prefixes; the longest
 * match wins.
 */
export const publicRoutes: readonly { prefix: string; target: string }[] = [
  { prefix: UPLOAD_URL_PREFIX, target: 'upload' },
  { prefix: FILE_URL_PREFIX, target: 'upload' },
  { prefix: EXPORT_PATH, target: 'upload' },
  { prefix: IMPORT_PATH, target: 'upload' },
  { prefix: `/${objectStoreBucket}/`, target: objectStoreTarget },
  { prefix: '/api/', target: 'gateway' },
  ...remoteNames.map((remote) => ({ prefix: `/remotes/${remote}/`, target: `remote-${remote}` })),
  { prefix: '/', target: 'shell' },
];

/** Requests the routing must send where the contract says, whatever the configuration's wording. */
export const routingExamples: readonly { path: string; target: string }[] = [
  { path: `${UPLOAD_URL_PREFIX}users/0b6f/8c1e.png?expires=1&signature=x`, target: 'upload' },
  { path: `${FILE_URL_PREFIX}users/0b6f/8c1e.png`, target: 'upload' },
  { path: `${EXPORT_PATH}?ticket=x`, target: 'upload' },
  { path: `${EXPORT_PATH}/memories/8c1e`, target: 'upload' },
  { path: IMPORT_PATH, target: 'upload' },
  { path: `${IMPORT_PATH}/8c1e`, target: 'upload' },
  {
    path: `/${objectStoreBucket}/users/0b6f/8c1e.png?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Signature=x`,
    target: objectStoreTarget,
  },
  { path: '/api/upload/presigned-url', target: 'gateway' },
  { path: '/api/memories?page=2', target: 'gateway' },
  { path: '/api/auth/login', target: 'gateway' },
  { path: '/api/docs', target: 'gateway' },
  ...remoteNames.flatMap((remote) => [
    { path: `/remotes/${remote}/mf-manifest.json`, target: `remote-${remote}` },
    { path: `/remotes/${remote}/releases/1.4.0/remoteEntry.js`, target: `remote-${remote}` },
  ]),
  { path: '/remotes.json', target: 'shell' },
  { path: '/memory/edit/1', target: 'shell' },
  { path: `/${objectStoreBucket}-notes`, target: 'shell' },
  { path: '/', target: 'shell' },
];

/**
 * The largest request body each target accepts at the proxy and the Ingress (nginx sizes). The gateway's own limit
 * is 5 MiB (API_BODY_LIMIT_BYTES): the proxy lets a little more through, so a body just over it gets the gateway's
 * JSON 413 rather than nginx's page. An image is at most 10 MB: the upload service and the bucket path take 11m.
 */
export const requestBodyLimits: Readonly<Record<string, string>> = {
  gateway: '6m',
  upload: '11m',
  [objectStoreTarget]: '11m',
};

/**
 * Whole journals move through the upload service's transfer routes: an imported archive may be as large as
 * MAX_IMPORT_ARCHIVE_BYTES (2 GB), and an export streams out as long as it takes; both unbuffered.
 */
export const transferBodyLimit = '2g';

/** The body limit of a request at the proxy and the Ingress: the transfer routes' own, else its target's. */
export function bodyLimitOf(requestPath: string, target: string): string | undefined {
  return [EXPORT_PATH, IMPORT_PATH].some((prefix) => requestPath.startsWith(prefix))
    ? transferBodyLimit
    : requestBodyLimits[target];
}

/** Service folders that are not deployed on their own: the embedded one-process composition (`npm start`). */
export const notDeployedServiceDirs: readonly string[] = ['services/standalone'];

/**
 * Variables the code declares with a default that every deployment keeps on purpose, each with the reason. Any other
 * variable a config class declares must be set in compose and in every Kubernetes overlay (service-config.reader.ts
 * reads them from the code), so a new one fails `npm test` until it is set or listed here.
 */
/** Why no deployment sets METRICS_TOKEN by default. */
const METRICS_TOKEN_KEPT =
  "unset: /metrics is open on the service's own port, which neither the proxy nor the Ingress routes; an operator " +
  'who wants a token sets it (docs/operate.md)';
const NATS_FILES_UNSET = 'a credentials file or TLS is for a NATS outside the deployment (docs/deploy.md)';
/**
 * Every part signs in to the deployment's own NATS with NATS_USER and NATS_PASSWORD, in clear on its private network,
 * and serves /metrics without a token on its own port.
 */
const serviceDefaults = {
  METRICS_TOKEN: METRICS_TOKEN_KEPT,
  NATS_CREDS: NATS_FILES_UNSET,
  NATS_TLS_CA: NATS_FILES_UNSET,
  NATS_TLS_CERT: NATS_FILES_UNSET,
  NATS_TLS_KEY: NATS_FILES_UNSET,
};

/** Every service that owns a schema; the gateway has no database. */
const databaseDefaults = {
  ...serviceDefaults,
  DATABASE_POOL_SIZE: 'ten connections a replica, the pool every service had before the setting existed',
};

export const keptCodeDefaults: Readonly<Record<BackendService['name'], Readonly<Record<string, string>>>> = {
  gateway: {
    ...serviceDefaults,
    AUTH_JWT_ISSUER: 'the built-in claim; settingAgreements keeps auth, gateway and upload on one value',
    AUTH_JWT_AUDIENCE: 'the built-in claim; settingAgreements keeps auth, gateway and upload on one value',
    ACCOUNT_STATUS_CACHE_SECONDS: 'half the 60 s within which a disabled account must be refused',
  },
  auth: {
    ...databaseDefaults,
    AUTH_JWT_ISSUER: 'the built-in claim; settingAgreements keeps auth, gateway and upload on one value',
    AUTH_JWT_AUDIENCE: 'the built-in claim; settingAgreements keeps auth, gateway and upload on one value',
    AUTH_ACCESS_TOKEN_TTL_SECONDS: "the spec's 15 minutes",
    AUTH_REFRESH_TOKEN_TTL_DAYS: "the spec's 30-day remember-me",
    AUTH_ARGON2_MEMORY_KIB: 'the OWASP minimum, sized for the pod memory limit',
    SMTP_URL: 'unset in dev (e-mails go to MAIL_OUTBOX_DIR); production sets it through the optional Secret auth-smtp',
    OIDC_ISSUER: 'unset: no single sign-on; set through the optional Secret auth-oidc (and .env in compose)',
    OIDC_CLIENT_ID: 'the client of OIDC_ISSUER, in the optional Secret auth-oidc',
    OIDC_CLIENT_SECRET: 'the client secret of OIDC_ISSUER, in the optional Secret auth-oidc',
  },
  memory: databaseDefaults,
  notify: {
    ...databaseDefaults,
    WEBHOOK_RETRY_BASE_SECONDS: 'doubling waits from 45 s: twelve attempts over about a day',
    WEBHOOK_MAX_ATTEMPTS: 'twelve attempts over about a day, then the webhook is turned off',
    WEBHOOK_UPDATE_QUIET_SECONDS: 'changes of one memory within 30 s reach a receiver as one memory.updated',
    SMTP_URL: 'unset in dev (reminder e-mails are kept, not sent); production shares the optional Secret auth-smtp',
    MAIL_FROM: 'the same sender as the auth service’s mail',
    VAPID_PUBLIC_KEY:
      'unset in dev (push reminders are kept, not sent); production sets the optional Secret notify-vapid',
    VAPID_PRIVATE_KEY:
      'unset in dev (push reminders are kept, not sent); production sets the optional Secret notify-vapid',
    VAPID_SUBJECT: 'the public origin (PUBLIC_URL) is whom push services contact',
    REMINDER_RETRY_BASE_SECONDS: 'a failed reminder is tried again after a minute, doubling, for four attempts',
  },
  upload: {
    ...databaseDefaults,
    AUTH_JWT_ISSUER: 'the built-in claim; settingAgreements keeps auth, gateway and upload on one value',
    AUTH_JWT_AUDIENCE: 'the built-in claim; settingAgreements keeps auth, gateway and upload on one value',
    STORAGE_LOCAL_DIR: 'deployments use STORAGE_DRIVER=s3; the local folder is for npm start',
    IMPORT_JOB_TIMEOUT_SECONDS:
      'two minutes per chunk of an import job: a restarted pod resumes an import within about four',
    ACCOUNT_STATUS_CACHE_SECONDS: 'half the 60 s within which a disabled account must be refused',
    STORAGE_QUOTA_MB: 'no quota unless the owner sets one (or an admin, per account, in Settings > Users)',
  },
};

/**
 * Settings that have a code default, or are set per service, but must agree across services or hold the one value
 * the rest of the deployment depends on. Leaving a default is fine (`keptCodeDefaults`); what each service ends up
 * with (its set value, else the code's default) must agree, so changing one side alone fails `npm test`. Compose
 * values are compared as written (`${PUBLIC_URL:-...}` on both sides agrees, whatever .env says).
 */
export const settingAgreements: readonly {
  members: readonly { service: BackendService['name']; variable: string }[];
  /** The value every member must have; without it, the members must have one value between them. */
  value?: string;
  why: string;
}[] = [
  {
    members: [
      { service: 'auth', variable: 'AUTH_JWT_ISSUER' },
      { service: 'gateway', variable: 'AUTH_JWT_ISSUER' },
      { service: 'upload', variable: 'AUTH_JWT_ISSUER' },
    ],
    why: 'auth signs access tokens, gateway and upload check their issuer',
  },
  {
    members: [
      { service: 'auth', variable: 'AUTH_JWT_AUDIENCE' },
      { service: 'gateway', variable: 'AUTH_JWT_AUDIENCE' },
      { service: 'upload', variable: 'AUTH_JWT_AUDIENCE' },
    ],
    why: 'auth signs access tokens, gateway and upload check their audience',
  },
  {
    members: [{ service: 'memory', variable: 'FILE_URL_PREFIX' }],
    value: FILE_URL_PREFIX,
    why: 'content images must be the files the upload service serves there (the routing contract)',
  },
  {
    members: [{ service: 'upload', variable: 'S3_BUCKET' }],
    value: objectStoreBucket,
    why: 'the proxy and the Ingress pass this bucket path to the object store',
  },
  {
    members: [
      { service: 'auth', variable: 'PUBLIC_URL' },
      { service: 'upload', variable: 'S3_PUBLIC_URL' },
    ],
    why: 'presigned URLs are signed for the public origin, which proxies the bucket path (one origin: CSP self, no CORS)',
  },
  {
    members: [
      { service: 'auth', variable: 'PUBLIC_URL' },
      { service: 'notify', variable: 'PUBLIC_URL' },
    ],
    why: 'reminders link to the origin people open, as the auth service’s e-mails do',
  },
];

/** Variables each deployment pins to one value, whatever the code's default. */
export const pinnedEnvironment: Readonly<Record<string, string>> = { HOST: '0.0.0.0', BUS_TRANSPORT: 'nats' };

/** The runtime remote list every deployment serves at `/remotes.json` (same origin: the ingress routes each prefix). */
export function expectedRuntimeRemoteList(): { remotes: { name: string; entry: string }[] } {
  return { remotes: remoteNames.map((name) => ({ name, entry: `/remotes/${name}/mf-manifest.json` })) };
}
