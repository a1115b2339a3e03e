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
import {
  backendServices,
  expectedRuntimeRemoteList,
  frontEndApps,
  healthPaths,
  remoteNames,
  requiredEnvironment,
  staticHealthPath,
  staticServerPort,
} from './deploy-topology';
import { runtimeConfigDir } from './dockerfile-templates';

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

const podOwnerKinds = ['Deployment', 'StatefulSet', 'DaemonSet', 'Job'];

const asObjects = (documents: unknown[]) => documents as KubernetesObject[];
const ofKind = <T>(documents: unknown[], kind: string) => asObjects(documents).filter((document) => document.kind === kind) as unknown as T[];
const named = <T extends KubernetesObject>(documents: T[], name: string) => documents.find((document) => document.metadata?.name === name);

export function podOwners(documents: unknown[]): PodOwner[] {
  return asObjects(documents)
    .filter((document) => podOwnerKinds.includes(document.kind))
    .flatMap((document) => {
      const template = (document as unknown as IDeployment).spec?.template;
      const name = document.metadata?.name ?? '?';
      return template?.spec
        ? [{ owner: `${document.kind}/${name}`, name, kind: document.kind, labels: template.metadata?.labels ?? {}, spec: template.spec }]
        : [];
    });
}

const containersOf = (spec: IPodSpec): IContainer[] => [...(spec.initContainers ?? []), ...spec.containers];

/** Non-root, no privilege escalation, read-only root filesystem, no capabilities, requests and a memory limit. */
export function checkPodHardening(documents: unknown[]): string[] {
  return podOwners(documents).flatMap(({ owner, spec }) => {
    const problems: string[] = [];
    if (spec.automountServiceAccountToken !== false) problems.push(`${owner}: automountServiceAccountToken must be false`);
    for (const container of containersOf(spec)) {
      const where = `${owner} container ${container.name}`;
      const context = container.securityContext ?? {};
      if ((context.runAsNonRoot ?? spec.securityContext?.runAsNonRoot) !== true) problems.push(`${where}: must run as non-root`);
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
    new Map(ofKind<IConfigMap | ISecret>(source, kind).map((document) => [document.metadata?.name ?? '', keysOf(document) ?? new Set<string>()]));
  return { configMaps: index('ConfigMap', documents), secrets: new Map([...index('Secret', externalSecrets), ...index('Secret', documents)]) };
}

/** Every ConfigMap and Secret a pod names (env, envFrom, volumes) exists with the key it asks for. */
export function checkReferences(documents: unknown[], externalSecrets: unknown[] = []): string[] {
  const { configMaps, secrets } = configurationKeys(documents, externalSecrets);
  const lookup = (owner: string, kind: 'ConfigMap' | 'Secret', name: string | undefined, key?: string, optional?: boolean): string[] => {
    if (optional) return [];
    const keys = (kind === 'ConfigMap' ? configMaps : secrets).get(name ?? '');
    if (!keys) return [`${owner}: refers to ${kind} ${name}, which does not exist`];
    return key !== undefined && !keys.has(key) ? [`${owner}: ${kind} ${name} has no key ${key}`] : [];
  };
  return podOwners(documents).flatMap(({ owner, spec }) => [
    ...containersOf(spec).flatMap((container) => [
      ...(container.env ?? []).flatMap(({ valueFrom }) => [
        ...(valueFrom?.configMapKeyRef ? lookup(owner, 'ConfigMap', valueFrom.configMapKeyRef.name, valueFrom.configMapKeyRef.key, valueFrom.configMapKeyRef.optional) : []),
        ...(valueFrom?.secretKeyRef ? lookup(owner, 'Secret', valueFrom.secretKeyRef.name, valueFrom.secretKeyRef.key, valueFrom.secretKeyRef.optional) : []),
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
export function containerEnvironment(container: IContainer, documents: unknown[], externalSecrets: unknown[] = []): Map<string, string | undefined> {
  const configMap = (name?: string) => named(ofKind<IConfigMap & KubernetesObject>(documents, 'ConfigMap'), name ?? '');
  const secret = (name?: string) =>
    named(ofKind<ISecret & KubernetesObject>(documents, 'Secret'), name ?? '') ?? named(ofKind<ISecret & KubernetesObject>(externalSecrets, 'Secret'), name ?? '');
  const secretValues = (document: ISecret | undefined): Record<string, string> =>
    document?.stringData ?? Object.fromEntries(Object.entries(document?.data ?? {}).map(([key, value]) => [key, decode(value)]));
  const environment = new Map<string, string | undefined>();
  for (const { configMapRef, secretRef } of container.envFrom ?? []) {
    if (configMapRef) for (const [key, value] of Object.entries(configMap(configMapRef.name)?.data ?? {})) environment.set(key, value);
    if (secretRef) for (const [key, value] of Object.entries(secretValues(secret(secretRef.name)))) environment.set(key, value);
  }
  for (const { name, value, valueFrom } of container.env ?? []) {
    if (value !== undefined) environment.set(name, value);
    else if (valueFrom?.configMapKeyRef) environment.set(name, configMap(valueFrom.configMapKeyRef.name)?.data?.[valueFrom.configMapKeyRef.key]);
    else if (valueFrom?.secretKeyRef) environment.set(name, secretValues(secret(valueFrom.secretKeyRef.name))[valueFrom.secretKeyRef.key]);
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
    const selected = owners.filter((owner) => Object.entries(selector).every(([key, value]) => owner.labels[key] === value));
    if (selected.length === 0) return [`${name}: selects no pods`];
    const ports = selected.flatMap((owner) => owner.spec.containers.flatMap((container) => container.ports ?? []));
    return (service.spec?.ports ?? []).flatMap((port) => {
      const target = port.targetPort ?? port.port;
      const found = ports.some((candidate) => (typeof target === 'string' ? candidate.name === target : candidate.containerPort === target));
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
  for (const spec of backendServices) {
    const container = single(spec.name);
    if (!container) continue;
    const owner = `Deployment/${spec.name}`;
    if (container.ports?.[0]?.containerPort !== spec.port) problems.push(`${owner}: container port must be ${spec.port}`);
    const environment = containerEnvironment(container, documents, externalSecrets);
    if (environment.get('PORT') !== String(spec.port)) problems.push(`${owner}: PORT must be ${spec.port}`);
    if (environment.get('HOST') !== '0.0.0.0') problems.push(`${owner}: HOST must be 0.0.0.0`);
    if (environment.get('BUS_TRANSPORT') !== 'nats') problems.push(`${owner}: BUS_TRANSPORT must be nats`);
    for (const variable of requiredEnvironment(spec)) {
      if (!environment.has(variable)) problems.push(`${owner}: environment lacks ${variable}`);
    }
    problems.push(...checkProbes(owner, container, healthPaths.live, healthPaths.ready));
  }
  for (const app of frontEndApps) {
    const container = single(app.name);
    if (!container) continue;
    const owner = `Deployment/${app.name}`;
    if (container.ports?.[0]?.containerPort !== staticServerPort) problems.push(`${owner}: container port must be ${staticServerPort}`);
    problems.push(...checkProbes(owner, container, staticHealthPath, staticHealthPath));
  }
  return problems;
}

/** The shell serves /remotes.json from a ConfigMap mounted as a folder (so edits reach it without a restart). */
export function checkRuntimeRemoteList(documents: unknown[]): string[] {
  const shell = named(ofKind<IDeployment & KubernetesObject>(documents, 'Deployment'), 'shell')?.spec?.template.spec;
  const mount = shell?.containers[0].volumeMounts?.find((candidate) => candidate.mountPath === runtimeConfigDir);
  if (!shell || !mount) return [`Deployment/shell: must mount the runtime remote list at ${runtimeConfigDir}`];
  if (mount.subPath) return ['Deployment/shell: mount the runtime remote list as a folder: a subPath mount never sees an edit'];
  const configMapName = shell.volumes?.find((volume) => volume.name === mount.name)?.configMap?.name;
  const list = named(ofKind<IConfigMap & KubernetesObject>(documents, 'ConfigMap'), configMapName ?? '')?.data?.['remotes.json'];
  if (!list) return [`ConfigMap/${configMapName}: must hold remotes.json`];
  return JSON.stringify(JSON.parse(list)) === JSON.stringify(expectedRuntimeRemoteList())
    ? []
    : [`ConfigMap/${configMapName}: remotes.json must list every remote at /remotes/<name>/mf-manifest.json`];
}

/** The Ingress sends /api to the gateway, each remote's prefix to it and the rest to the shell. */
export function checkIngress(documents: unknown[]): string[] {
  const ingresses = ofKind<IIngress & KubernetesObject>(documents, 'Ingress');
  if (ingresses.length !== 1) return [`expected one Ingress, found ${ingresses.length}`];
  const services = ofKind<IService & KubernetesObject>(documents, 'Service');
  const routes = new Map(
    (ingresses[0].spec?.rules ?? []).flatMap((rule) => (rule.http?.paths ?? []).map((entry) => [entry.path ?? '', entry.backend.service] as const)),
  );
  const expected: [string, string][] = [['/api', 'gateway'], ...remoteNames.map((remote): [string, string] => [`/remotes/${remote}`, `remote-${remote}`]), ['/', 'shell']];
  return expected.flatMap(([path, serviceName]) => {
    const backend = routes.get(path);
    if (backend?.name !== serviceName) return [`Ingress: ${path} must go to ${serviceName}`];
    const service = named(services, serviceName);
    const portExists = service?.spec?.ports?.some((port) => (backend.port?.name ? port.name === backend.port.name : port.port === backend.port?.number));
    return portExists ? [] : [`Ingress: ${path} targets a port Service/${serviceName} does not have`];
  });
}

/**
 * Where the services find NATS, PostgreSQL and the object store. With the infrastructure in the cluster, each
 * address must be a rendered Service with that port; with external infrastructure, each must at least be set.
 */
export function checkInfrastructureAddresses(documents: unknown[], inCluster: boolean, externalSecrets: unknown[] = []): string[] {
  const deployments = ofKind<IDeployment & KubernetesObject>(documents, 'Deployment');
  const services = ofKind<IService & KubernetesObject>(documents, 'Service');
  const problems: string[] = [];
  const expectService = (owner: string, variable: string, address: string | undefined, pattern: RegExp, defaultPort: number) => {
    const match = address === undefined ? null : pattern.exec(address);
    if (!match) {
      if (inCluster || address === undefined || address === '') problems.push(`${owner}: ${variable} is not set to an address`);
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
      expectService(owner, 'DATABASE_URL', environment.get('DATABASE_URL'), /^postgres(?:ql)?:\/\/[^@]+@([^:/]+)(?::(\d+))?\//, 5432);
    }
    if (spec.needsObjectStorage) {
      const endpoint = environment.get('S3_ENDPOINT');
      expectService(owner, 'S3_ENDPOINT', endpoint && `${endpoint}:${environment.get('S3_PORT') ?? ''}`, /^([^:/]+):(\d+)$/, 9000);
    }
  }
  return problems;
}
