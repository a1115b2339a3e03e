/** Routing checks: the runtime remote list, the Ingress, the object store route, infrastructure addresses. */
import type { IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import type { IIngress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import type { IConfigMap } from 'kubernetes-models/v1/ConfigMap';
import type { IService } from 'kubernetes-models/v1/Service';
import { backendServices, objectStoreTarget, remoteNames, bodyLimitOf, routingExamples } from './deploy-topology';
import { runtimeConfigDir } from './dockerfile-templates';
import { KubernetesObject, asObjects, ofKind, named, podOwners, containerEnvironment } from './kubernetes-objects';
import { checkPodHardening, checkServiceWiring } from './kubernetes-workloads.check';
import { ingressControllerName, allowedSources } from './kubernetes-network.check';

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
