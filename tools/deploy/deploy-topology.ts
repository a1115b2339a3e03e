/**
 * What the deployment must contain, in one place: every deployable part, its folder, Nx project, port and needs.
 * The values are the decisions of the team brief (ports, health paths, environment); the validators compare the
 * Dockerfiles, docker-compose.yml and the Kubernetes manifests against this table, so a drift fails `npm test`.
 */
import path from 'node:path';
import { FILE_URL_PREFIX, UPLOAD_URL_PREFIX } from '@memories/contracts';

export const repoRoot = path.resolve(__dirname, '..', '..');

export interface BackendService {
  /** Name of the compose service, the Kubernetes Deployment/Service and the image. */
  name: 'gateway' | 'auth' | 'memory' | 'upload';
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
  { name: 'gateway', dir: 'services/gateway', nxProject: 'gateway', port: 3000, needsDatabase: false, needsObjectStorage: false },
  { name: 'auth', dir: 'services/auth', nxProject: 'auth', port: 3001, needsDatabase: true, needsObjectStorage: false },
  { name: 'memory', dir: 'services/memory', nxProject: 'memory', port: 3002, needsDatabase: true, needsObjectStorage: false },
  { name: 'upload', dir: 'services/upload', nxProject: 'upload', port: 3003, needsDatabase: true, needsObjectStorage: true },
];



export const remoteNames = ['landing', 'memories', 'editor', 'viewer'] as const;

export const frontEndApps: readonly FrontEndApp[] = [
  { name: 'shell', dir: 'shell', nxProject: 'shell', kind: 'shell', publicPath: '/' },
  ...remoteNames.map(
    (remote): FrontEndApp => ({
      name: `remote-${remote}`,
      dir: `remotes/${remote}`,
      nxProject: remote,
      kind: 'remote',
      publicPath: `/remotes/${remote}/`,
    }),
  ),
];

/**
 * The routing contract of the one public origin, shared by the compose proxy and the Ingress: the upload service's
 * browser routes go to its HTTP port, the rest of /api to the gateway, each remote's prefix to its static server,
 * everything else to the shell (the SPA). Paths are prefixes; the longest match wins.
 */
export const publicRoutes: readonly { prefix: string; target: string }[] = [
  { prefix: UPLOAD_URL_PREFIX, target: 'upload' },
  { prefix: FILE_URL_PREFIX, target: 'upload' },
  { prefix: '/api/', target: 'gateway' },
  ...remoteNames.map((remote) => ({ prefix: `/remotes/${remote}/`, target: `remote-${remote}` })),
  { prefix: '/', target: 'shell' },
];

/** Requests the routing must send where the contract says, whatever the configuration's wording. */
export const routingExamples: readonly { path: string; target: string }[] = [
  { path: `${UPLOAD_URL_PREFIX}users/0b6f/8c1e.png?expires=1&signature=x`, target: 'upload' },
  { path: `${FILE_URL_PREFIX}users/0b6f/8c1e.png`, target: 'upload' },
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
  { path: '/', target: 'shell' },
];

/** Service folders that are not deployed on their own: the embedded one-process composition (`npm start`). */
export const notDeployedServiceDirs: readonly string[] = ['services/standalone'];

/**
 * Variables the code declares with a default that every deployment keeps on purpose, each with the reason. Any other
 * variable a config class declares must be set in compose and in every Kubernetes overlay (service-config.reader.ts
 * reads them from the code), so a new one fails `npm test` until it is set or listed here.
 */
export const keptCodeDefaults: Readonly<Record<BackendService['name'], Readonly<Record<string, string>>>> = {
  gateway: {
    AUTH_JWT_ISSUER: 'the same built-in claim on both sides (auth signs, gateway checks); change both together',
    AUTH_JWT_AUDIENCE: 'the same built-in claim on both sides (auth signs, gateway checks); change both together',
  },
  auth: {
    AUTH_JWT_ISSUER: 'the same built-in claim on both sides (auth signs, gateway checks); change both together',
    AUTH_JWT_AUDIENCE: 'the same built-in claim on both sides (auth signs, gateway checks); change both together',
    AUTH_ACCESS_TOKEN_TTL_SECONDS: "the spec's 15 minutes",
    AUTH_REFRESH_TOKEN_TTL_DAYS: "the spec's 30-day remember-me",
    AUTH_ARGON2_MEMORY_KIB: 'the OWASP minimum, sized for the pod memory limit',
    SMTP_URL: 'unset in dev (e-mails go to the log); production sets it through the optional Secret auth-smtp',
  },
  memory: {},
  upload: {
    AUTH_JWT_ISSUER: 'the same built-in claim on every side (auth signs, gateway and upload check); change all together',
    AUTH_JWT_AUDIENCE: 'the same built-in claim on every side (auth signs, gateway and upload check); change all together',
    STORAGE_LOCAL_DIR: 'deployments use STORAGE_DRIVER=s3; the local folder is for npm start',
  },
};

/** Variables each deployment pins to one value, whatever the code's default. */
export const pinnedEnvironment: Readonly<Record<string, string>> = { HOST: '0.0.0.0', BUS_TRANSPORT: 'nats' };

/** The runtime remote list every deployment serves at `/remotes.json` (same origin: the ingress routes each prefix). */
export function expectedRuntimeRemoteList(): { remotes: { name: string; entry: string }[] } {
  return { remotes: remoteNames.map((name) => ({ name, entry: `/remotes/${name}/mf-manifest.json` })) };
}
