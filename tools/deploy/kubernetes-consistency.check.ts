/**
 * Checks rendered Kubernetes manifests (already schema-valid) against the deployment topology and against each
 * other: every reference resolves, every pod is hardened and sized, every service gets the environment the brief
 * requires, probes and ports match the code, and the Ingress routes every path of the public origin.
 */
import type { IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import type { IIngress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import type { IConfigMap } from 'kubernetes-models/v1/ConfigMap';
import type { IContainer } from 'kubernetes-models/v1/Container';
import type { IPodSpec } from 'kubernetes-models/v1/PodSpec';
import type { IProbe } from 'kubernetes-models/v1/Probe';
import type { ISecret } from 'kubernetes-models/v1/Secret';
import type { IService } from 'kubernetes-models/v1/Service';
import type { INetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import {
  backendServices,
  frontEndApps,
  objectStoreTarget,
  remoteNames,
  bodyLimitOf,
  routingExamples,
  staticHealthPath,
  staticServerPort,
} from './deploy-topology';
import { runtimeConfigDir } from './dockerfile-templates';
import { checkServiceEnvironment, checkSettingAgreements, healthPathsInCode } from './service-config.reader';

interface KubernetesObject {
  apiVersion: string;
  kind: string;
  metadata?: { name?: string; labels?: Record<string, string> };
}

export interface PodOwner {
  /** `Deployment/gateway` */
  owner: string;
  name: string;
  kind: string;
  labels: Record<string, string>;
  spec: IPodSpec;
}

type PodTemplate = NonNullable<IDeployment['spec']>['template'];
/** Where each pod owner keeps its pod template (a CronJob one level deeper, in its job template). */
interface PodTemplateHolder {
  spec?: { template?: PodTemplate; jobTemplate?: { spec?: { template?: PodTemplate } } };
}

const podOwnerKinds = ['Deployment', 'StatefulSet', 'DaemonSet', 'Job', 'CronJob'];
/** Jobs and the CronJobs that start them: run to completion, serve nobody. */
const isJob = (owner: PodOwner) => owner.kind === 'Job' || owner.kind === 'CronJob';

const asObjects = (documents: unknown[]) => documents as KubernetesObject[];
const ofKind = <T>(documents: unknown[], kind: string) =>
  asObjects(documents).filter((document) => document.kind === kind) as unknown as T[];
const named = <T extends KubernetesObject>(documents: T[], name: string) =>
  documents.find((document) => document.metadata?.name === name);

export function podOwners(documents: unknown[]): PodOwner[] {
  return asObjects(documents)
    .filter((document) => podOwnerKinds.includes(document.kind))
    .flatMap((document) => {
      const { spec } = document as unknown as PodTemplateHolder;
      const template = document.kind === 'CronJob' ? spec?.jobTemplate?.spec?.template : spec?.template;
      const name = document.metadata?.name ?? '?';
      return template?.spec
        ? [
            {
              owner: `${document.kind}/${name}`,
              name,
              kind: document.kind,
              labels: template.metadata?.labels ?? {},
              spec: template.spec,
            },
          ]
        : [];
    });
}

/** A Kubernetes label selector (the shape shared by Deployments, Services' pods, policies and budgets). */
interface ILabelSelector {
  matchLabels?: Record<string, string>;
  matchExpressions?: { key: string; operator: string; values?: string[] }[];
}

const containersOf = (spec: IPodSpec): IContainer[] => [...(spec.initContainers ?? []), ...spec.containers];

/** Non-root, no privilege escalation, read-only root filesystem, no capabilities, requests and a memory limit. */
export function checkPodHardening(documents: unknown[]): string[] {
  return podOwners(documents).flatMap(({ owner, spec }) => {
    const problems: string[] = [];
    if (spec.automountServiceAccountToken !== false)
      problems.push(`${owner}: automountServiceAccountToken must be false`);
    for (const container of containersOf(spec)) {
      const where = `${owner} container ${container.name}`;
      const context = container.securityContext ?? {};
      if ((context.runAsNonRoot ?? spec.securityContext?.runAsNonRoot) !== true)
        problems.push(`${where}: must run as non-root`);
      const uid = context.runAsUser ?? spec.securityContext?.runAsUser;
      if (uid === undefined || uid === 0) problems.push(`${where}: must set a non-zero runAsUser`);
      if (context.allowPrivilegeEscalation !== false) problems.push(`${where}: allowPrivilegeEscalation must be false`);
      if (context.readOnlyRootFilesystem !== true) problems.push(`${where}: readOnlyRootFilesystem must be true`);
      if (!context.capabilities?.drop?.includes('ALL')) problems.push(`${where}: must drop ALL capabilities`);
      const { requests, limits } = container.resources ?? {};
      if (!requests?.cpu || !requests?.memory) problems.push(`${where}: must request cpu and memory`);
      if (!limits?.memory) problems.push(`${where}: must limit memory`);
    }
    return problems;
  });
}

function keysOf(document: IConfigMap | ISecret | undefined): Set<string> | undefined {
  if (!document) return undefined;
  return new Set([
    ...Object.keys(document.data ?? {}),
    ...Object.keys((document as IConfigMap).binaryData ?? {}),
    ...Object.keys((document as ISecret).stringData ?? {}),
  ]);
}

/**
 * The keys of each ConfigMap and Secret by name. `externalSecrets` are Secrets created outside the manifests
 * (production's template), which the pods may reference as if rendered.
 */
function configurationKeys(documents: unknown[], externalSecrets: unknown[]) {
  const index = (kind: string, source: unknown[]) =>
    new Map(
      ofKind<IConfigMap | ISecret>(source, kind).map((document) => [
        document.metadata?.name ?? '',
        keysOf(document) ?? new Set<string>(),
      ]),
    );
  return {
    configMaps: index('ConfigMap', documents),
    secrets: new Map([...index('Secret', externalSecrets), ...index('Secret', documents)]),
  };
}

/** Every ConfigMap and Secret a pod names (env, envFrom, volumes) exists with the key it asks for. */
export function checkReferences(documents: unknown[], externalSecrets: unknown[] = []): string[] {
  const { configMaps, secrets } = configurationKeys(documents, externalSecrets);
  const lookup = (
    owner: string,
    kind: 'ConfigMap' | 'Secret',
    name: string | undefined,
    key?: string,
    optional?: boolean,
  ): string[] => {
    if (optional) return [];
    const keys = (kind === 'ConfigMap' ? configMaps : secrets).get(name ?? '');
    if (!keys) return [`${owner}: refers to ${kind} ${name}, which does not exist`];
    return key !== undefined && !keys.has(key) ? [`${owner}: ${kind} ${name} has no key ${key}`] : [];
  };
  return podOwners(documents).flatMap(({ owner, spec }) => [
    ...containersOf(spec).flatMap((container) => [
      ...(container.env ?? []).flatMap(({ valueFrom }) => [
        ...(valueFrom?.configMapKeyRef
          ? lookup(
              owner,
              'ConfigMap',
              valueFrom.configMapKeyRef.name,
              valueFrom.configMapKeyRef.key,
              valueFrom.configMapKeyRef.optional,
            )
          : []),
        ...(valueFrom?.secretKeyRef
          ? lookup(
              owner,
              'Secret',
              valueFrom.secretKeyRef.name,
              valueFrom.secretKeyRef.key,
              valueFrom.secretKeyRef.optional,
            )
          : []),
      ]),
      ...(container.envFrom ?? []).flatMap(({ configMapRef, secretRef }) => [
        ...(configMapRef ? lookup(owner, 'ConfigMap', configMapRef.name, undefined, configMapRef.optional) : []),
        ...(secretRef ? lookup(owner, 'Secret', secretRef.name, undefined, secretRef.optional) : []),
      ]),
    ]),
    ...(spec.volumes ?? []).flatMap(({ configMap, secret }) => [
      ...(configMap ? lookup(owner, 'ConfigMap', configMap.name, undefined, configMap.optional) : []),
      ...(secret ? lookup(owner, 'Secret', secret.secretName, undefined, secret.optional) : []),
    ]),
  ]);
}

const decode = (value: string) => Buffer.from(value, 'base64').toString('utf8');

/**
 * The environment a container gets: its own `env` and everything `envFrom` brings. Values from Secrets that are
 * not rendered (created out of band) are known by name only (undefined value).
 */
export function containerEnvironment(
  container: IContainer,
  documents: unknown[],
  externalSecrets: unknown[] = [],
): Map<string, string | undefined> {
  const configMap = (name?: string) => named(ofKind<IConfigMap & KubernetesObject>(documents, 'ConfigMap'), name ?? '');
  const secret = (name?: string) =>
    named(ofKind<ISecret & KubernetesObject>(documents, 'Secret'), name ?? '') ??
    named(ofKind<ISecret & KubernetesObject>(externalSecrets, 'Secret'), name ?? '');
  const secretValues = (document: ISecret | undefined): Record<string, string> =>
    document?.stringData ??
    Object.fromEntries(Object.entries(document?.data ?? {}).map(([key, value]) => [key, decode(value)]));
  const environment = new Map<string, string | undefined>();
  for (const { configMapRef, secretRef } of container.envFrom ?? []) {
    if (configMapRef)
      for (const [key, value] of Object.entries(configMap(configMapRef.name)?.data ?? {})) environment.set(key, value);
    if (secretRef)
      for (const [key, value] of Object.entries(secretValues(secret(secretRef.name)))) environment.set(key, value);
  }
  for (const { name, value, valueFrom } of container.env ?? []) {
    if (value !== undefined) environment.set(name, value);
    else if (valueFrom?.configMapKeyRef)
      environment.set(name, configMap(valueFrom.configMapKeyRef.name)?.data?.[valueFrom.configMapKeyRef.key]);
    else if (valueFrom?.secretKeyRef)
      environment.set(name, secretValues(secret(valueFrom.secretKeyRef.name))[valueFrom.secretKeyRef.key]);
    else environment.set(name, undefined);
  }
  return environment;
}

/** Every Service selects pods that exist and targets a port those pods declare. */
export function checkServiceWiring(documents: unknown[]): string[] {
  const owners = podOwners(documents);
  return ofKind<IService & KubernetesObject>(documents, 'Service').flatMap((service) => {
    const name = `Service/${service.metadata?.name}`;
    const selector = service.spec?.selector;
    if (!selector) return [];
    const selected = owners.filter((owner) =>
      Object.entries(selector).every(([key, value]) => owner.labels[key] === value),
    );
    if (selected.length === 0) return [`${name}: selects no pods`];
    const ports = selected.flatMap((owner) => owner.spec.containers.flatMap((container) => container.ports ?? []));
    return (service.spec?.ports ?? []).flatMap((port) => {
      const target = port.targetPort ?? port.port;
      const found = ports.some((candidate) =>
        typeof target === 'string' ? candidate.name === target : candidate.containerPort === target,
      );
      return found ? [] : [`${name}: port ${port.name ?? port.port} targets ${target}, which its pods do not declare`];
    });
  });
}

function probePath(probe: IProbe | undefined): string | undefined {
  return probe?.httpGet?.path;
}

function checkProbes(owner: string, container: IContainer, live: string, ready: string): string[] {
  const problems: string[] = [];
  const portName = container.ports?.[0]?.name;
  for (const [kind, probe, path] of [
    ['livenessProbe', container.livenessProbe, live],
    ['readinessProbe', container.readinessProbe, ready],
  ] as const) {
    if (probePath(probe) !== path) problems.push(`${owner}: ${kind} must GET ${path}`);
    else if (probe?.httpGet?.port !== portName && probe?.httpGet?.port !== container.ports?.[0]?.containerPort) {
      problems.push(`${owner}: ${kind} must use the container's port`);
    }
  }
  return problems;
}

/** Each service and app of the topology runs with its port, probes and (for services) required environment. */
export function checkWorkloads(documents: unknown[], externalSecrets: unknown[] = []): string[] {
  const deployments = ofKind<IDeployment & KubernetesObject>(documents, 'Deployment');
  const services = ofKind<IService & KubernetesObject>(documents, 'Service');
  const problems: string[] = [];
  const single = (name: string): IContainer | undefined => {
    const deployment = named(deployments, name);
    if (!deployment) problems.push(`Deployment/${name} is missing`);
    if (!named(services, name)) problems.push(`Service/${name} is missing`);
    return deployment?.spec?.template.spec?.containers[0];
  };
  const environments = new Map<string, Map<string, string | undefined>>();
  for (const spec of backendServices) {
    const container = single(spec.name);
    if (!container) continue;
    const owner = `Deployment/${spec.name}`;
    if (container.ports?.[0]?.containerPort !== spec.port)
      problems.push(`${owner}: container port must be ${spec.port}`);
    const environment = containerEnvironment(container, documents, externalSecrets);
    environments.set(spec.name, environment);
    problems.push(...checkServiceEnvironment(owner, spec, environment));
    const health = healthPathsInCode();
    problems.push(...checkProbes(owner, container, health.live, health.ready));
  }
  for (const app of frontEndApps) {
    const container = single(app.name);
    if (!container) continue;
    const owner = `Deployment/${app.name}`;
    if (container.ports?.[0]?.containerPort !== staticServerPort)
      problems.push(`${owner}: container port must be ${staticServerPort}`);
    problems.push(...checkProbes(owner, container, staticHealthPath, staticHealthPath));
  }
  problems.push(...checkSettingAgreements(environments, (name) => `Deployment/${name}`));
  return problems;
}

/** The shell serves /remotes.json from a ConfigMap mounted as a folder (so edits reach it without a restart). */
export function checkRuntimeRemoteList(documents: unknown[]): string[] {
  const shell = named(ofKind<IDeployment & KubernetesObject>(documents, 'Deployment'), 'shell')?.spec?.template.spec;
  const mount = shell?.containers[0].volumeMounts?.find((candidate) => candidate.mountPath === runtimeConfigDir);
  if (!shell || !mount) return [`Deployment/shell: must mount the runtime remote list at ${runtimeConfigDir}`];
  if (mount.subPath)
    return ['Deployment/shell: mount the runtime remote list as a folder: a subPath mount never sees an edit'];
  const configMapName = shell.volumes?.find((volume) => volume.name === mount.name)?.configMap?.name;
  const list = named(ofKind<IConfigMap & KubernetesObject>(documents, 'ConfigMap'), configMapName ?? '')?.data?.[
    'remotes.json'
  ];
  if (!list) return [`ConfigMap/${configMapName}: must hold remotes.json`];
  return checkRemoteListDocument(`ConfigMap/${configMapName}`, JSON.parse(list));
}

/** A remote's entry: its current files, or one release of it served side by side (k8s/apps/<remote>). */
export const remoteEntryPattern = (remote: string) =>
  new RegExp(`^/remotes/${remote}/(releases/[0-9A-Za-z][0-9A-Za-z.-]*/)?mf-manifest\\.json$`);

/** Every remote exactly once, each entry under its own prefix (the routes the Ingress and the proxy have). */
export function checkRemoteListDocument(
  where: string,
  list: { remotes?: { name?: string; entry?: string }[] },
): string[] {
  const entries = list.remotes ?? [];
  const names = entries.map((entry) => entry.name ?? '');
  if (JSON.stringify([...names].sort()) !== JSON.stringify([...remoteNames].sort())) {
    return [
      `${where}: remotes.json must list each of ${remoteNames.join(', ')} once (found ${names.join(', ') || 'none'})`,
    ];
  }
  return entries
    .filter((entry) => !remoteEntryPattern(entry.name ?? '').test(entry.entry ?? ''))
    .map(
      (entry) =>
        `${where}: the entry of ${entry.name} must be /remotes/${entry.name}/[releases/<release>/]mf-manifest.json (found ${entry.entry})`,
    );
}

/** What an Ingress `Prefix` path matches: whole path segments (`/api` matches `/api` and `/api/x`, not `/apix`). */
function prefixMatches(prefix: string, requestPath: string): boolean {
  const trimmed = prefix.replace(/\/+$/, '');
  return trimmed === '' || requestPath === trimmed || requestPath.startsWith(`${trimmed}/`);
}

/** The Ingress path an Ingress-nginx controller picks for a request path: the longest matching Prefix path wins. */
function matchIngressPath(ingresses: IIngress[], requestPath: string) {
  const pathOnly = requestPath.split('?')[0];
  return ingresses
    .flatMap((ingress) =>
      (ingress.spec?.rules ?? []).flatMap((rule) => (rule.http?.paths ?? []).map((entry) => ({ ingress, entry }))),
    )
    .filter(
      ({ entry }) =>
        (entry.pathType === 'Prefix' || entry.pathType === 'ImplementationSpecific') &&
        prefixMatches(entry.path ?? '/', pathOnly),
    )
    .sort((a, b) => (b.entry.path ?? '').length - (a.entry.path ?? '').length)[0];
}

/** The backend Service an Ingress sends a request path to: the longest matching Prefix path wins. */
export function resolveIngressRoute(
  ingresses: IIngress[],
  requestPath: string,
): { service?: string; port?: string | number } | undefined {
  const backend = matchIngressPath(ingresses, requestPath)?.entry.backend.service;
  return backend ? { service: backend.name, port: backend.port?.name ?? backend.port?.number } : undefined;
}

const ingressAnnotation = (ingress: IIngress, name: string) =>
  ingress.metadata?.annotations?.[`nginx.ingress.kubernetes.io/${name}`];

/**
 * The Ingresses follow the routing contract (deploy-topology.ts) for every example request, onto ports that exist,
 * with each target's body limit (`requestBodyLimits`) and unbuffered uploads; they serve one origin (the same host
 * and TLS); the bucket path reaches the store the upload service uses.
 */
export function checkIngress(documents: unknown[], externalSecrets: unknown[] = []): string[] {
  const ingresses = ofKind<IIngress & KubernetesObject>(documents, 'Ingress');
  if (ingresses.length === 0) return ['expected an Ingress, found none'];
  const services = ofKind<IService & KubernetesObject>(documents, 'Service');
  const problems = new Set<string>();
  const origins = new Set(
    ingresses.map((ingress) =>
      JSON.stringify([ingress.spec?.rules?.map((rule) => rule.host ?? ''), ingress.spec?.tls ?? []]),
    ),
  );
  if (origins.size > 1)
    problems.add(
      `Ingress: ${ingresses.map((ingress) => ingress.metadata?.name).join(', ')} must serve the same host with the same TLS`,
    );
  for (const { path: requestPath, target } of routingExamples) {
    const match = matchIngressPath(ingresses, requestPath);
    const backend = match?.entry.backend.service;
    if (!match || backend?.name !== target) {
      problems.add(`Ingress: ${requestPath} must go to ${target} (goes to ${backend?.name ?? 'nothing'})`);
      continue;
    }
    const service = named(services, target);
    const port = backend.port?.name ?? backend.port?.number;
    if (!service?.spec?.ports?.some((candidate) => candidate.name === port || candidate.port === port)) {
      problems.add(`Ingress: ${requestPath} targets a port Service/${target} does not have`);
    }
    const where = `Ingress/${match.ingress.metadata?.name}`;
    const limit = bodyLimitOf(requestPath, target);
    if (limit && ingressAnnotation(match.ingress, 'proxy-body-size') !== limit)
      problems.add(`${where}: ${target} takes bodies up to ${limit} (proxy-body-size)`);
    if (limit && target !== 'gateway' && ingressAnnotation(match.ingress, 'proxy-request-buffering') !== 'off') {
      problems.add(`${where}: uploads to ${target} must stream (proxy-request-buffering "off")`);
    }
  }
  return [...problems, ...checkObjectStoreRoute(documents, ingresses, externalSecrets)];
}

/**
 * The Service the bucket path goes to is the store the upload service signs for: in the cluster, the same pods and
 * port as its S3_ENDPOINT Service; outside, an ExternalName of S3_ENDPOINT with S3_PORT, over HTTPS when S3_USE_SSL.
 */
function checkObjectStoreRoute(documents: unknown[], ingresses: IIngress[], externalSecrets: unknown[]): string[] {
  const services = ofKind<IService & KubernetesObject>(documents, 'Service');
  const route = named(services, objectStoreTarget);
  const upload = named(ofKind<IDeployment & KubernetesObject>(documents, 'Deployment'), 'upload')?.spec?.template.spec
    ?.containers[0];
  if (!route || !upload) return [];
  const environment = containerEnvironment(upload, documents, externalSecrets);
  const [endpoint, port, ssl] = ['S3_ENDPOINT', 'S3_PORT', 'S3_USE_SSL'].map((name) => environment.get(name));
  const where = `Service/${objectStoreTarget}`;
  if (route.spec?.type === 'ExternalName') {
    const problems: string[] = [];
    if (route.spec.externalName !== endpoint)
      problems.push(`${where}: must name S3_ENDPOINT ${endpoint} (names ${route.spec.externalName})`);
    if (!route.spec.ports?.some((candidate) => String(candidate.port) === port))
      problems.push(`${where}: must have the port S3_PORT ${port}`);
    const bucketPath = routingExamples.find((example) => example.target === objectStoreTarget)?.path ?? '';
    const ingress = matchIngressPath(ingresses, bucketPath)?.ingress;
    const https = ingress ? ingressAnnotation(ingress, 'backend-protocol') === 'HTTPS' : false;
    if (https !== (ssl === 'true'))
      problems.push(
        `Ingress/${ingress?.metadata?.name}: the bucket path must use ${ssl === 'true' ? 'HTTPS' : 'HTTP'} to the store, as S3_USE_SSL says`,
      );
    return problems;
  }
  const store = named(services, endpoint ?? '');
  if (!store) return [`${where}: S3_ENDPOINT ${endpoint} is not a Service here`];
  const storeTarget = store.spec?.ports?.find((candidate) => String(candidate.port) === port)?.targetPort;
  const sameSelector = JSON.stringify(route.spec?.selector ?? {}) === JSON.stringify(store.spec?.selector ?? {});
  const sameTarget = route.spec?.ports?.some(
    (candidate) => candidate.name === 's3' && candidate.targetPort === storeTarget,
  );
  return sameSelector && sameTarget
    ? []
    : [`${where}: must reach the pods and port of ${endpoint}:${port}, where the upload service stores files`];
}

/**
 * Where the services find NATS, PostgreSQL and the object store. With the infrastructure in the cluster, each
 * address must be a rendered Service with that port; with external infrastructure, each must at least be set.
 */
export function checkInfrastructureAddresses(
  documents: unknown[],
  inCluster: boolean,
  externalSecrets: unknown[] = [],
): string[] {
  const deployments = ofKind<IDeployment & KubernetesObject>(documents, 'Deployment');
  const services = ofKind<IService & KubernetesObject>(documents, 'Service');
  const problems: string[] = [];
  const expectService = (
    owner: string,
    variable: string,
    address: string | undefined,
    pattern: RegExp,
    defaultPort: number,
  ) => {
    const match = address === undefined ? null : pattern.exec(address);
    if (!match) {
      if (inCluster || address === undefined || address === '')
        problems.push(`${owner}: ${variable} is not set to an address`);
      return;
    }
    if (!inCluster) return;
    const [, host, port] = match;
    const service = named(services, host);
    if (!service) problems.push(`${owner}: ${variable} names ${host}, which is not a Service here`);
    else if (!service.spec?.ports?.some((candidate) => candidate.port === Number(port ?? defaultPort))) {
      problems.push(`${owner}: Service/${host} has no port ${port ?? defaultPort}`);
    }
  };
  for (const spec of backendServices) {
    const container = named(deployments, spec.name)?.spec?.template.spec?.containers[0];
    if (!container) continue;
    const owner = `Deployment/${spec.name}`;
    const environment = containerEnvironment(container, documents, externalSecrets);
    expectService(owner, 'NATS_URL', environment.get('NATS_URL'), /^nats:\/\/([^:/]+)(?::(\d+))?/, 4222);
    if (spec.needsDatabase) {
      expectService(
        owner,
        'DATABASE_URL',
        environment.get('DATABASE_URL'),
        /^postgres(?:ql)?:\/\/[^@]+@([^:/]+)(?::(\d+))?\//,
        5432,
      );
    }
    if (spec.needsObjectStorage) {
      const endpoint = environment.get('S3_ENDPOINT');
      expectService(
        owner,
        'S3_ENDPOINT',
        endpoint && `${endpoint}:${environment.get('S3_PORT') ?? ''}`,
        /^([^:/]+):(\d+)$/,
        9000,
      );
    }
  }
  return problems;
}

const imageTag = (image: string | undefined) => /:([\w.-]+)$/.exec(image ?? '')?.[1];

/**
 * Each database service has its migration Job for the release it deploys: named `<service>-migrate-<image tag>`,
 * the service's image and configuration (`migrate` validates the whole of it), its migrate entry point.
 */
export function checkMigrationJobs(documents: unknown[]): string[] {
  const deployments = ofKind<IDeployment & KubernetesObject>(documents, 'Deployment');
  const jobs = podOwners(documents).filter((owner) => owner.kind === 'Job');
  return backendServices
    .filter((spec) => spec.needsDatabase)
    .flatMap((spec) => {
      const container = named(deployments, spec.name)?.spec?.template.spec?.containers[0];
      if (!container) return [];
      const jobName = `${spec.name}-migrate-${imageTag(container.image)}`;
      const job = jobs.find((candidate) => candidate.name === jobName);
      if (!job) return [`Job/${jobName} is missing (the migrations of ${spec.name}'s release)`];
      const [migrate] = job.spec.containers;
      const problems: string[] = [];
      if (migrate.image !== container.image) problems.push(`Job/${jobName}: must run ${container.image}`);
      if (JSON.stringify(migrate.command) !== JSON.stringify(['node', `${spec.dir}/dist/migrate.js`])) {
        problems.push(`Job/${jobName}: must run node ${spec.dir}/dist/migrate.js`);
      }
      if (
        JSON.stringify([migrate.env ?? [], migrate.envFrom ?? []]) !==
        JSON.stringify([container.env ?? [], container.envFrom ?? []])
      ) {
        problems.push(`Job/${jobName}: must have the environment of Deployment/${spec.name}`);
      }
      if (
        job.labels['app.kubernetes.io/component'] !== 'migration' ||
        job.labels['app.kubernetes.io/name'] !== `${spec.name}-migrate`
      ) {
        problems.push(
          `Job/${jobName}: its pods must be labelled ${spec.name}-migrate, component migration (the PostgreSQL policy admits them by that)`,
        );
      }
      return problems;
    });
}

/** The first step of a release (docs/deploy.md): everything but the workloads, so the migrations run first. */
export const migrationStepSelector = {
  key: 'app.kubernetes.io/component',
  notIn: ['service', 'shell', 'remote'],
} as const;

const inMigrationStep = (labels: Record<string, string> | undefined) =>
  !migrationStepSelector.notIn.some((value) => labels?.[migrationStepSelector.key] === value);

/**
 * `kubectl apply -k <overlay> -l 'app.kubernetes.io/component notin (service,shell,remote)'` must create the
 * migration Jobs with everything they read, and must not touch a Deployment (no new version before its schema).
 */
export function checkMigrationStep(documents: unknown[]): string[] {
  const objects = asObjects(documents);
  const applied = new Set(
    objects
      .filter((document) => inMigrationStep(document.metadata?.labels))
      .map((document) => `${document.kind}/${document.metadata?.name}`),
  );
  const problems = objects
    .filter((document) => document.kind === 'Deployment' && inMigrationStep(document.metadata?.labels))
    .map(
      (document) => `Deployment/${document.metadata?.name}: must carry a component label the migration step leaves out`,
    );
  for (const job of podOwners(documents).filter((owner) => owner.kind === 'Job')) {
    if (!applied.has(job.owner)) problems.push(`${job.owner}: the migration step must apply it`);
    for (const container of containersOf(job.spec)) {
      const needed = [
        ...(container.envFrom ?? []).flatMap(({ configMapRef, secretRef }) => [
          ...(configMapRef?.name && !configMapRef.optional ? [`ConfigMap/${configMapRef.name}`] : []),
          ...(secretRef?.name && !secretRef.optional ? [`Secret/${secretRef.name}`] : []),
        ]),
        ...(container.env ?? []).flatMap(({ valueFrom }) => [
          ...(valueFrom?.configMapKeyRef?.name ? [`ConfigMap/${valueFrom.configMapKeyRef.name}`] : []),
          ...(valueFrom?.secretKeyRef?.name ? [`Secret/${valueFrom.secretKeyRef.name}`] : []),
        ]),
      ];
      const rendered = new Set(objects.map((document) => `${document.kind}/${document.metadata?.name}`));
      // Secrets that are not rendered are created out of band (production), before any step.
      problems.push(
        ...needed
          .filter((key) => rendered.has(key) && !applied.has(key))
          .map((key) => `${job.owner}: reads ${key}, which the migration step leaves out`),
      );
    }
  }
  return problems;
}

export function selects(selector: ILabelSelector | undefined, labels: Record<string, string>): boolean {
  if (!selector) return false;
  const byLabels = Object.entries(selector.matchLabels ?? {}).every(([key, value]) => labels[key] === value);
  const byExpressions = (selector.matchExpressions ?? []).every(({ key, operator, values = [] }) => {
    if (operator === 'In') return values.includes(labels[key]);
    if (operator === 'NotIn') return !values.includes(labels[key]);
    if (operator === 'Exists') return key in labels;
    return !(key in labels);
  });
  return byLabels && byExpressions;
}

/** A peer outside the namespace the policies may admit: the ingress controller. */
export const ingressControllerPeer = {
  namespace: 'ingress-nginx',
  labels: { 'app.kubernetes.io/name': 'ingress-nginx' },
};
export const ingressControllerName = 'ingress-controller';

/** The other one, with the optional monitoring component: Prometheus, scraping /metrics. */
export const prometheusPeer = {
  namespace: 'monitoring',
  labels: { 'app.kubernetes.io/name': 'prometheus' },
};
export const prometheusName = 'prometheus';

const outsidePeers = [
  { name: ingressControllerName, ...ingressControllerPeer },
  { name: prometheusName, ...prometheusPeer },
];

/**
 * Who may connect to each pod owner, by NetworkPolicy semantics (a pod no policy selects for Ingress is open to
 * all; a selected pod admits the union of its policies' rules). Sources are pod owner names of the namespace,
 * `ingress-controller` or `prometheus`; `*` means anyone.
 */
export function allowedSources(documents: unknown[]): Map<string, Set<string>> {
  const policies = ofKind<INetworkPolicy & KubernetesObject>(documents, 'NetworkPolicy').filter((policy) =>
    (policy.spec?.policyTypes ?? ['Ingress']).includes('Ingress'),
  );
  const owners = podOwners(documents);
  const result = new Map<string, Set<string>>();
  for (const target of owners) {
    const applying = policies.filter(
      (policy) =>
        selects(policy.spec?.podSelector, target.labels) || Object.keys(policy.spec?.podSelector ?? {}).length === 0,
    );
    const sources = new Set<string>();
    if (applying.length === 0) sources.add('*');
    for (const rule of applying.flatMap((policy) => policy.spec?.ingress ?? [])) {
      if (!rule.from || rule.from.length === 0) sources.add('*');
      for (const peer of rule.from ?? []) {
        if (peer.ipBlock) sources.add('*');
        else if (peer.namespaceSelector) {
          const known = outsidePeers.find(
            (outside) =>
              Object.keys(peer.namespaceSelector ?? {}).length > 0 &&
              selects(peer.namespaceSelector, { 'kubernetes.io/metadata.name': outside.namespace }) &&
              (!peer.podSelector || selects(peer.podSelector, outside.labels)),
          );
          sources.add(known?.name ?? '*');
        } else {
          for (const source of owners.filter((owner) => selects(peer.podSelector, owner.labels)))
            sources.add(source.name);
        }
      }
    }
    result.set(target.name, sources);
  }
  return result;
}

/**
 * The reachability the brief asks for: from the ingress controller only the gateway, the upload service's HTTP and
 * the front-end apps; auth and memory from nobody (they only use NATS); NATS only from the services; PostgreSQL only
 * from the database services and their migration Jobs; MinIO only from the upload service, its set-up and the
 * ingress controller (the bucket path). With the monitoring component, Prometheus reaches the gateway and the
 * services too (their /metrics), and nothing else.
 */
export function checkNetworkPolicies(documents: unknown[]): string[] {
  const sources = allowedSources(documents);
  const scraped = ofKind(documents, 'ServiceMonitor').length > 0 ? [prometheusName] : [];
  const jobs = podOwners(documents)
    .filter(isJob)
    .map((owner) => owner.name);
  const migrationJobs = jobs.filter((name) => /-migrate-/.test(name));
  const expected = new Map<string, string[]>([
    ['gateway', [ingressControllerName, ...scraped]],
    ['upload', [ingressControllerName, ...scraped]],
    ...frontEndApps.map((app): [string, string[]] => [app.name, [ingressControllerName]]),
    ['auth', scraped],
    ['memory', scraped],
    ['nats', backendServices.map((service) => service.name)],
    [
      'postgres',
      [...backendServices.filter((service) => service.needsDatabase).map((service) => service.name), ...migrationJobs],
    ],
    // The ingress controller: the bucket path (presigned uploads and reads on the app's origin).
    ['minio', ['upload', ingressControllerName, ...jobs.filter((name) => name === 'minio-setup')]],
    ...jobs.map((name): [string, string[]] => [name, []]),
  ]);
  return [...expected].flatMap(([target, allowed]) => {
    const actual = sources.get(target);
    if (!actual) return [];
    const found = [...actual].sort();
    return JSON.stringify(found) === JSON.stringify([...allowed].sort())
      ? []
      : [`${target}: reachable from ${found.join(', ') || 'nobody'}, must be from ${allowed.join(', ') || 'nobody'}`];
  });
}

/**
 * gateway and memory scale with a HorizontalPodAutoscaler and leave the replica count to it (no `replicas` field,
 * which every apply would reset); every part has a PodDisruptionBudget selecting its pods.
 */
export function checkScaling(documents: unknown[], minimumReplicas: number): string[] {
  const deployments = ofKind<IDeployment & KubernetesObject>(documents, 'Deployment');
  const autoscalers = asObjects(documents).filter(
    (document) => document.kind === 'HorizontalPodAutoscaler',
  ) as unknown as (KubernetesObject & {
    spec: { scaleTargetRef: { kind: string; name: string }; minReplicas?: number; maxReplicas: number };
  })[];
  const budgets = asObjects(documents).filter(
    (document) => document.kind === 'PodDisruptionBudget',
  ) as unknown as (KubernetesObject & {
    spec: { selector?: ILabelSelector };
  })[];
  const problems: string[] = [];
  for (const deployment of deployments) {
    const name = deployment.metadata?.name ?? '?';
    const autoscaler = autoscalers.find(
      (candidate) => candidate.spec.scaleTargetRef.kind === 'Deployment' && candidate.spec.scaleTargetRef.name === name,
    );
    const scaled = ['gateway', 'memory'].includes(name);
    if (scaled && !autoscaler) problems.push(`Deployment/${name}: needs a HorizontalPodAutoscaler`);
    if (autoscaler && deployment.spec?.replicas !== undefined)
      problems.push(`Deployment/${name}: must leave replicas to its HorizontalPodAutoscaler`);
    const replicas = autoscaler ? (autoscaler.spec.minReplicas ?? 1) : (deployment.spec?.replicas ?? 1);
    if (replicas < minimumReplicas)
      problems.push(`Deployment/${name}: runs ${replicas} replica(s), at least ${minimumReplicas} here`);
    if (autoscaler && autoscaler.spec.maxReplicas < replicas)
      problems.push(`HorizontalPodAutoscaler/${name}: maxReplicas below minReplicas`);
    const labels = deployment.spec?.template.metadata?.labels ?? {};
    if (!budgets.some((budget) => selects(budget.spec.selector, labels)))
      problems.push(`Deployment/${name}: needs a PodDisruptionBudget`);
  }
  for (const autoscaler of autoscalers) {
    if (!named(deployments, autoscaler.spec.scaleTargetRef.name))
      problems.push(`HorizontalPodAutoscaler/${autoscaler.metadata?.name}: scales a Deployment that does not exist`);
  }
  return problems;
}

/** The auth service's PUBLIC_URL (links in e-mails) is the origin the Ingress serves: `https://<host>` with TLS. */
export function checkPublicUrl(documents: unknown[]): string[] {
  const ingress = ofKind<IIngress & KubernetesObject>(documents, 'Ingress')[0];
  const host = ingress?.spec?.rules?.[0]?.host;
  const auth = named(ofKind<IDeployment & KubernetesObject>(documents, 'Deployment'), 'auth')?.spec?.template.spec
    ?.containers[0];
  const publicUrl = auth ? containerEnvironment(auth, documents).get('PUBLIC_URL') : undefined;
  if (!host) return ['Ingress: production needs a host'];
  const tls = ingress.spec?.tls?.some((entry) => entry.hosts?.includes(host));
  const expected = `${tls ? 'https' : 'http'}://${host}`;
  return publicUrl === expected
    ? []
    : [`Deployment/auth: PUBLIC_URL must be ${expected}, the Ingress origin (found ${publicUrl})`];
}

/**
 * A remote's side-by-side release (k8s/apps/<remote>) next to a full deployment: its own Deployment, Service and
 * Ingress path at /remotes/<remote>/releases/<release>/, pods the current Service never selects, and nothing of the
 * deployment renamed or replaced, so applying it changes no running part.
 */
export function checkRemoteRelease(remote: string, release: unknown[], deployment: unknown[]): string[] {
  const base = `remote-${remote}`;
  const problems: string[] = [];
  const releaseDeployment = ofKind<IDeployment & KubernetesObject>(release, 'Deployment')[0];
  const releaseName = releaseDeployment?.metadata?.name ?? '';
  const releaseId = releaseName.slice(base.length + 1);
  if (!releaseDeployment || !releaseName.startsWith(`${base}-`) || !/^[a-z0-9][a-z0-9-]*$/.test(releaseId)) {
    return [`k8s/apps/${remote}: must render one Deployment ${base}-<release>`];
  }
  const existing = new Set(asObjects(deployment).map((document) => `${document.kind}/${document.metadata?.name}`));
  for (const document of asObjects(release)) {
    if (!document.metadata?.name?.startsWith(`${base}-${releaseId}`))
      problems.push(`k8s/apps/${remote}: ${document.kind}/${document.metadata?.name} is not named after the release`);
    if (existing.has(`${document.kind}/${document.metadata?.name}`))
      problems.push(`k8s/apps/${remote}: would replace ${document.kind}/${document.metadata?.name} of the deployment`);
  }
  const combined = [...deployment, ...release];
  const ingresses = ofKind<IIngress & KubernetesObject>(combined, 'Ingress');
  // ingress-nginx serves a path only on the host its Ingress names: elsewhere the release path falls to the current
  // remote.
  const hostOf = (documents: unknown[]) =>
    ofKind<IIngress & KubernetesObject>(documents, 'Ingress')[0]?.spec?.rules?.[0]?.host ?? '';
  if (hostOf(release) !== hostOf(deployment)) {
    problems.push(
      `k8s/apps/${remote}: its Ingress must name the deployment's host ${hostOf(deployment) || '(none)'} (HOST in release.env; found ${hostOf(release) || 'none'})`,
    );
  }
  const releasePath = `/remotes/${remote}/releases/${releaseId}/mf-manifest.json`;
  if (resolveIngressRoute(ingresses, releasePath)?.service !== releaseName)
    problems.push(`${releasePath} must go to ${releaseName}`);
  if (resolveIngressRoute(ingresses, `/remotes/${remote}/mf-manifest.json`)?.service !== base)
    problems.push(`/remotes/${remote}/ must stay with ${base}`);
  const podsOf = (serviceName: string) => {
    const selector = named(ofKind<IService & KubernetesObject>(combined, 'Service'), serviceName)?.spec?.selector ?? {};
    return podOwners(combined)
      .filter((owner) => Object.entries(selector).every(([key, value]) => owner.labels[key] === value))
      .map((owner) => owner.name);
  };
  if (JSON.stringify(podsOf(base)) !== JSON.stringify([base]))
    problems.push(`Service/${base} must select only the current pods (selects ${podsOf(base).join(', ')})`);
  if (JSON.stringify(podsOf(releaseName)) !== JSON.stringify([releaseName]))
    problems.push(`Service/${releaseName} must select only the release's pods`);
  problems.push(...checkPodHardening(release), ...checkServiceWiring(combined));
  const reachable = allowedSources(combined).get(releaseName);
  if (JSON.stringify([...(reachable ?? [])]) !== JSON.stringify([ingressControllerName]))
    problems.push(`${releaseName}: must be reachable from the ingress controller only`);
  return problems;
}
