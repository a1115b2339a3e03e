/** NetworkPolicy checks: who may reach each pod. */
import type { INetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import { backendServices, frontEndApps } from './deploy-topology';
import { KubernetesObject, isJob, ofKind, podOwners, selects } from './kubernetes-objects';

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
