/**
 * What the deployment must contain, in one place: every deployable part, its folder, Nx project, port and needs.
 * The values are the decisions of the team brief (ports, health paths, environment); the validators compare the
 * Dockerfiles, docker-compose.yml and the Kubernetes manifests against this table, so a drift fails `npm test`.
 */
import path from 'node:path';

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

/** Service folders that are not deployed on their own: the embedded one-process composition (`npm start`). */
export const notDeployedServiceDirs: readonly string[] = ['services/standalone'];

/** Every server process reads these (brief: "Every server process reads ..."). */
export const busEnvironment = ['HOST', 'PORT', 'LOG_LEVEL', 'BUS_TRANSPORT', 'NATS_URL', 'BUS_TIMEOUT_MS'] as const;
export const databaseEnvironment = ['DATABASE_URL'] as const;
export const objectStorageEnvironment = [
  'STORAGE_DRIVER',
  'S3_ENDPOINT',
  'S3_PORT',
  'S3_USE_SSL',
  'S3_ACCESS_KEY',
  'S3_SECRET_KEY',
  'S3_BUCKET',
  'S3_REGION',
] as const;

/** Access tokens: the auth service signs with the private key, the gateway verifies with the public key only. */
export const accessTokenEnvironment: Readonly<Partial<Record<BackendService['name'], readonly string[]>>> = {
  auth: ['AUTH_JWT_PRIVATE_KEY'],
  gateway: ['AUTH_JWT_PUBLIC_KEY'],
};

/** The environment a deployed service needs: the bus variables, plus database, storage and keys where it owns them. */
export function requiredEnvironment(service: BackendService): string[] {
  return [
    ...busEnvironment,
    ...(service.needsDatabase ? databaseEnvironment : []),
    ...(service.needsObjectStorage ? objectStorageEnvironment : []),
    ...(accessTokenEnvironment[service.name] ?? []),
  ];
}

/** The runtime remote list every deployment serves at `/remotes.json` (same origin: the ingress routes each prefix). */
export function expectedRuntimeRemoteList(): { remotes: { name: string; entry: string }[] } {
  return { remotes: remoteNames.map((name) => ({ name, entry: `/remotes/${name}/mf-manifest.json` })) };
}
