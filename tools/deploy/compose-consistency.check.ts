/**
 * Checks docker-compose.yml against the deployment topology: every service and app is built from its Dockerfile
 * and has its environment, health check and start order; the proxy routes every path of the public origin.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { BackendService } from './deploy-topology';
import {
  backendServices,
  expectedRuntimeRemoteList,
  frontEndApps,
  objectStoreTarget,
  bodyLimitOf,
  routingExamples,
  staticHealthPath,
  staticServerPort,
} from './deploy-topology';
import { checkComposeBus } from './bus-security.check';
import { runtimeConfigDir } from './dockerfile-templates';
import { locationDirective, matchProxyLocation, parseProxyRoutes, resolveProxyRoute } from './nginx-routes.util';
import { checkServiceEnvironment, checkSettingAgreements, healthPathsInCode } from './service-config.reader';

type EnvironmentValue = string | number | boolean | null;

export interface ComposeService {
  image?: string;
  build?: string | { context?: string; dockerfile?: string };
  command?: string | string[];
  environment?: Record<string, EnvironmentValue> | string[];
  healthcheck?: { test?: string | string[]; disable?: boolean };
  depends_on?: string[] | Record<string, { condition?: string }>;
  ports?: (string | number | { target?: number | string; published?: number | string })[];
  volumes?: (string | { type?: string; source?: string; target?: string })[];
  networks?: string[] | Record<string, unknown>;
}

export interface ComposeFile {
  services: Record<string, ComposeService>;
  networks?: Record<string, { internal?: boolean } | null>;
}

/** Infrastructure the compose deployment runs next to the services. */
export const composeInfrastructure = ['postgres', 'nats', 'minio', 'minio-setup', 'proxy'] as const;

export function composeEnvironment(service: ComposeService): Map<string, string> {
  const { environment } = service;
  if (Array.isArray(environment)) {
    return new Map(environment.map((entry) => [entry.split('=')[0], entry.slice(entry.indexOf('=') + 1)]));
  }
  return new Map(Object.entries(environment ?? {}).map(([key, value]) => [key, value === null ? '' : String(value)]));
}

function dependencies(service: ComposeService): Map<string, string> {
  const { depends_on: dependsOn } = service;
  if (Array.isArray(dependsOn)) return new Map(dependsOn.map((name) => [name, 'service_started']));
  return new Map(Object.entries(dependsOn ?? {}).map(([name, spec]) => [name, spec.condition ?? 'service_started']));
}

function healthcheckCommand(service: ComposeService): string {
  const test = service.healthcheck?.disable ? undefined : service.healthcheck?.test;
  return Array.isArray(test) ? test.join(' ') : (test ?? '');
}

/** Bind mounts as [host path relative to the compose file, container path]. */
function bindMounts(service: ComposeService): [string, string][] {
  return (service.volumes ?? []).flatMap((volume): [string, string][] => {
    if (typeof volume === 'string') {
      const [source, target] = volume.split(':');
      return source.startsWith('.') || source.startsWith('/') ? [[source, target]] : [];
    }
    return volume.type === 'bind' && volume.source && volume.target ? [[volume.source, volume.target]] : [];
  });
}

const hostOf = (url: string | undefined, pattern: RegExp) => (url ? pattern.exec(url)?.[1] : undefined);

function checkBackendService(
  name: string,
  service: ComposeService,
  spec: BackendService,
  compose: ComposeFile,
): string[] {
  const environment = composeEnvironment(service);
  const problems = checkServiceEnvironment(name, spec, environment);
  const natsHost = hostOf(environment.get('NATS_URL'), /^nats:\/\/([^:/]+)/);
  if (!natsHost || !compose.services[natsHost]) problems.push(`${name}: NATS_URL must name the nats service`);
  const waitsFor = dependencies(service);
  if (waitsFor.get('nats') !== 'service_healthy') problems.push(`${name}: must wait for nats to be healthy`);
  if (spec.needsDatabase) {
    const databaseHost = hostOf(environment.get('DATABASE_URL'), /@([^:/@]+)(?::\d+)?\//);
    if (databaseHost !== 'postgres') problems.push(`${name}: DATABASE_URL must point at the postgres service`);
    if (waitsFor.get('postgres') !== 'service_healthy') problems.push(`${name}: must wait for postgres to be healthy`);
  }
  if (spec.needsObjectStorage) {
    if (environment.get('STORAGE_DRIVER') !== 's3') problems.push(`${name}: STORAGE_DRIVER must be s3`);
    if (!compose.services[environment.get('S3_ENDPOINT') ?? ''])
      problems.push(`${name}: S3_ENDPOINT must name the minio service`);
    if (waitsFor.get('minio-setup') !== 'service_completed_successfully')
      problems.push(`${name}: must wait for the bucket set-up to finish`);
  }
  if (!healthcheckCommand(service).includes(healthPathsInCode().ready))
    problems.push(`${name}: healthcheck must ask ${healthPathsInCode().ready}`);
  if (spec.needsDatabase) problems.push(...checkMigration(name, service, spec, compose));
  return problems;
}

/**
 * A database service starts only after its `<name>-migrate` one-shot finished: the same image and environment
 * (`migrate` validates the whole configuration), the service's migrate entry point, after PostgreSQL is healthy.
 */
function checkMigration(name: string, service: ComposeService, spec: BackendService, compose: ComposeFile): string[] {
  const migrateName = `${name}-migrate`;
  const migrate = compose.services[migrateName];
  if (!migrate) return [`service ${migrateName} is missing`];
  const problems: string[] = [];
  if (migrate.image !== service.image) problems.push(`${migrateName}: must run the image of ${name}`);
  const command = Array.isArray(migrate.command) ? migrate.command.join(' ') : migrate.command;
  if (command !== `node ${spec.dir}/dist/migrate.js`)
    problems.push(`${migrateName}: must run node ${spec.dir}/dist/migrate.js`);
  const sameEnvironment =
    JSON.stringify([...composeEnvironment(migrate)].sort()) === JSON.stringify([...composeEnvironment(service)].sort());
  if (!sameEnvironment) problems.push(`${migrateName}: must have the environment of ${name}`);
  if (dependencies(migrate).get('postgres') !== 'service_healthy')
    problems.push(`${migrateName}: must wait for postgres to be healthy`);
  if (dependencies(service).get(migrateName) !== 'service_completed_successfully')
    problems.push(`${name}: must start after ${migrateName} completed`);
  return problems;
}

function checkBuilds(compose: ComposeFile): string[] {
  return [...backendServices, ...frontEndApps].flatMap(({ name, dir }) => {
    const service = compose.services[name];
    if (!service) return [`service ${name} is missing`];
    const { build } = service;
    const dockerfile = typeof build === 'object' ? build.dockerfile : undefined;
    const context = typeof build === 'object' ? build.context : build;
    return context === '.' && dockerfile === `${dir}/Dockerfile`
      ? []
      : [`${name}: must build ${dir}/Dockerfile with the repository root as context`];
  });
}

function checkDependencies(compose: ComposeFile): string[] {
  return Object.entries(compose.services).flatMap(([name, service]) =>
    [...dependencies(service)].flatMap(([dependency, condition]) => {
      const target = compose.services[dependency];
      if (!target) return [`${name}: depends on ${dependency}, which is not a service`];
      if (condition === 'service_healthy' && !healthcheckCommand(target))
        return [`${name}: waits for ${dependency} to be healthy, which has no healthcheck`];
      return [];
    }),
  );
}

/**
 * Secrets (a name ending in PASSWORD, SECRET or SECRET_KEY) come from .env: asked for (`${VAR:?message}`), or empty
 * unless .env sets one (`${VAR:-}`, an optional secret such as single sign-on's), never written in the file.
 */
function checkSecrets(compose: ComposeFile): string[] {
  return Object.entries(compose.services).flatMap(([name, service]) =>
    [...composeEnvironment(service)]
      .filter(([key]) => /(PASSWORD|SECRET|SECRET_KEY)$/.test(key))
      // Quoted for a reader that parses the value (NATS reads its passwords so).
      .filter(([, value]) => !/^("?)\$\{[A-Z0-9_]+(:\?[^}]*|:-)\}\1$/.test(value))
      .map(([key]) => `${name}: ${key} must come from .env as \${VAR:?message} (or \${VAR:-} when optional)`),
  );
}

function checkProxy(compose: ComposeFile, repoRoot: string): string[] {
  const proxy = compose.services.proxy;
  if (!proxy) return ['service proxy is missing'];
  const problems: string[] = [];
  const publishesEntryPoint = (proxy.ports ?? []).some((port) =>
    typeof port === 'object'
      ? String(port.target) === String(staticServerPort)
      : String(port).endsWith(`:${staticServerPort}`),
  );
  if (!publishesEntryPoint) problems.push(`proxy: must publish its port ${staticServerPort}`);
  const config = bindMounts(proxy).find(([, target]) => target.startsWith('/etc/nginx/'))?.[0];
  if (!config || !existsSync(path.join(repoRoot, config)))
    return [...problems, 'proxy: mounts no nginx configuration from the repository'];
  const configText = readFileSync(path.join(repoRoot, config), 'utf8');
  const routes = parseProxyRoutes(configText);
  const portOf = (target: string) =>
    backendServices.find((service) => service.name === target)?.port ?? staticServerPort;
  // The bucket path goes to the store the upload service itself uses (S3_ENDPOINT:S3_PORT).
  const upload = composeEnvironment(compose.services.upload ?? {});
  const upstreamOf = (target: string) =>
    target === objectStoreTarget
      ? `http://${upload.get('S3_ENDPOINT') ?? '?'}:${upload.get('S3_PORT') ?? '?'}`
      : `http://${target}:${portOf(target)}`;
  for (const { path: requestPath, target } of routingExamples) {
    const upstream = upstreamOf(target);
    const found = resolveProxyRoute(routes, requestPath);
    if (found !== upstream) {
      problems.push(`proxy: ${requestPath} must go to ${upstream} (goes to ${found ?? 'nothing'})`);
      continue;
    }
    problems.push(
      ...checkProxyBody(
        configText,
        matchProxyLocation(routes, requestPath) ?? '/',
        target,
        bodyLimitOf(requestPath, target),
      ),
    );
  }
  const waitsFor = dependencies(proxy);
  for (const part of ['gateway', 'upload', 'minio', ...frontEndApps.map((app) => app.name)]) {
    if (waitsFor.get(part) !== 'service_healthy') problems.push(`proxy: must wait for ${part} to be healthy`);
  }
  return [...new Set(problems)];
}

/** A route's body limit (`bodyLimitOf`) holds in its location; upload bodies stream through unbuffered. */
function checkProxyBody(configText: string, location: string, target: string, limit: string | undefined): string[] {
  if (!limit) return [];
  const problems: string[] = [];
  const found = locationDirective(configText, location, 'client_max_body_size');
  if (found !== limit)
    problems.push(
      `proxy: location ${location} must take bodies up to ${limit} (client_max_body_size ${found ?? 'unset'})`,
    );
  const streamed = target !== 'gateway';
  if (streamed && locationDirective(configText, location, 'proxy_request_buffering') !== 'off') {
    problems.push(`proxy: location ${location} must stream uploads (proxy_request_buffering off)`);
  }
  return problems;
}

function checkFrontEnds(compose: ComposeFile, repoRoot: string): string[] {
  const problems: string[] = [];
  for (const app of frontEndApps) {
    const service = compose.services[app.name];
    if (service && !healthcheckCommand(service).includes(`:${staticServerPort}${staticHealthPath}`)) {
      problems.push(`${app.name}: healthcheck must ask ${staticHealthPath} on ${staticServerPort}`);
    }
  }
  const shellList = bindMounts(compose.services.shell ?? {}).find(([, target]) => target === runtimeConfigDir)?.[0];
  const listFile = shellList ? path.join(repoRoot, shellList, 'remotes.json') : undefined;
  if (!listFile || !existsSync(listFile)) {
    problems.push(`shell: must mount a folder with remotes.json at ${runtimeConfigDir}`);
  } else if (
    JSON.stringify(JSON.parse(readFileSync(listFile, 'utf8'))) !== JSON.stringify(expectedRuntimeRemoteList())
  ) {
    problems.push(`shell: ${shellList}/remotes.json must list every remote at /remotes/<name>/mf-manifest.json`);
  }
  return problems;
}

/** Every problem of a parsed compose file (merge keys resolved) against the topology; empty when consistent. */
export function checkComposeFile(compose: ComposeFile, repoRoot: string): string[] {
  const missingInfrastructure = composeInfrastructure
    .filter((name) => !compose.services[name])
    .map((name) => `service ${name} is missing`);
  const unhealthyInfrastructure = ['postgres', 'nats', 'minio']
    .filter((name) => compose.services[name] && !healthcheckCommand(compose.services[name]))
    .map((name) => `${name}: needs a healthcheck`);
  const missingMounts = Object.entries(compose.services).flatMap(([name, service]) =>
    bindMounts(service)
      .filter(([source]) => !existsSync(path.join(repoRoot, source)))
      .map(([source]) => `${name}: mounts ${source}, which does not exist`),
  );
  const backend = backendServices.flatMap((spec) => {
    const service = compose.services[spec.name];
    return service ? checkBackendService(spec.name, service, spec, compose) : [];
  });
  const environments = new Map(
    backendServices
      .filter((spec) => compose.services[spec.name])
      .map((spec) => [spec.name, composeEnvironment(compose.services[spec.name])]),
  );
  return [
    ...missingInfrastructure,
    ...unhealthyInfrastructure,
    ...checkBuilds(compose),
    ...backend,
    ...checkSettingAgreements(environments, (name) => name),
    ...checkFrontEnds(compose, repoRoot),
    ...checkDependencies(compose),
    ...checkSecrets(compose),
    ...checkComposeBus(compose),
    ...checkProxy(compose, repoRoot),
    ...missingMounts,
  ];
}

/** The variables a compose file reads from the environment or .env: required (`:?`) or with a default. */
export function composeVariables(text: string): { name: string; required: boolean; defaultValue?: string }[] {
  const found = new Map<string, { name: string; required: boolean; defaultValue?: string }>();
  for (const [, name, operator, rest] of text.matchAll(/(?<!\$)\$\{([A-Z0-9_]+)(?:(:?[-?])([^}]*))?\}/g)) {
    const required = operator?.endsWith('?') ?? false;
    const defaultValue = operator?.endsWith('-') ? rest : undefined;
    const previous = found.get(name);
    found.set(name, {
      name,
      required: required || (previous?.required ?? false),
      defaultValue: defaultValue ?? previous?.defaultValue,
    });
  }
  return [...found.values()];
}
