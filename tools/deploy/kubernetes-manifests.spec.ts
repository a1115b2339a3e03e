/**
 * The real k8s/ folder: every overlay renders, every document passes the Kubernetes schemas, and the manifests
 * agree with the topology and with each other. The last block proves the checks bite, on broken copies.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { backendServices, frontEndApps, repoRoot } from './deploy-topology';
import {
  checkInfrastructureAddresses,
  checkIngress,
  checkPodHardening,
  checkReferences,
  checkRuntimeRemoteList,
  checkServiceWiring,
  checkWorkloads,
  podOwners,
} from './kubernetes-consistency.check';
import { describeDocument, validateKubernetesDocument } from './kubernetes-schema.validator';
import { renderKustomization } from './kustomize.renderer';
import { parseYamlDocuments } from './yaml-documents.util';

interface Manifest {
  kind: string;
  metadata: { name: string; namespace?: string };
  spec?: Record<string, unknown>;
}

const render = (relativeDir: string) => {
  const directory = path.join(repoRoot, relativeDir);
  return parseYamlDocuments(renderKustomization(directory), relativeDir) as Manifest[];
};
const prodSecretsTemplate = () => {
  const file = 'k8s/overlays/prod/secrets.example.yaml';
  return parseYamlDocuments(readFileSync(path.join(repoRoot, file), 'utf8'), file) as Manifest[];
};
const deployables = [...backendServices, ...frontEndApps].map((part) => part.name);
const clone = <T>(value: T): T => structuredClone(value);

describe('the base', () => {
  it('renders on its own and every document is valid', () => {
    const documents = render('k8s/base');
    expect(documents.flatMap(validateKubernetesDocument)).toEqual([]);
    expect(documents.filter((document) => document.kind === 'Deployment').map((document) => document.metadata.name).sort()).toEqual([...deployables].sort());
  });
});

describe.each([
  { overlay: 'dev', inCluster: true, externalSecrets: [] as Manifest[] },
  { overlay: 'prod', inCluster: false, externalSecrets: prodSecretsTemplate() },
])('overlays/$overlay', ({ overlay, inCluster, externalSecrets }) => {
  const documents = render(`k8s/overlays/${overlay}`);

  it('passes the Kubernetes API schemas, document by document', () => {
    expect(documents.length).toBeGreaterThan(20);
    expect(documents.flatMap(validateKubernetesDocument)).toEqual([]);
  });

  it('puts everything in the memories namespace, each name once per kind', () => {
    const keys = documents.map((document) => `${document.kind}/${document.metadata.name}`);
    expect(new Set(keys).size).toBe(keys.length);
    const namespaced = documents.filter((document) => document.kind !== 'Namespace');
    expect(namespaced.filter((document) => document.metadata.namespace !== 'memories').map(describeDocument)).toEqual([]);
  });

  it('hardens and sizes every pod', () => {
    expect(checkPodHardening(documents)).toEqual([]);
  });

  it('resolves every ConfigMap and Secret a pod refers to', () => {
    expect(checkReferences(documents, externalSecrets)).toEqual([]);
  });

  it('wires every Service to pods and ports that exist', () => {
    expect(checkServiceWiring(documents)).toEqual([]);
  });

  it('runs every service and app with its port, probes and required environment', () => {
    expect(checkWorkloads(documents, externalSecrets)).toEqual([]);
  });

  it('serves the runtime remote list from a ConfigMap the shell mounts as a folder', () => {
    expect(checkRuntimeRemoteList(documents)).toEqual([]);
  });

  it('routes /api, every remote and the shell through one Ingress', () => {
    expect(checkIngress(documents)).toEqual([]);
  });

  it(`finds NATS, PostgreSQL and the object store ${inCluster ? 'in the cluster' : 'at external addresses'}`, () => {
    expect(checkInfrastructureAddresses(documents, inCluster, externalSecrets)).toEqual([]);
  });

  it('pins a tag on every image', () => {
    const images = podOwners(documents).flatMap((owner) => owner.spec.containers.map((container) => container.image ?? ''));
    expect(images.filter((image) => !/:[\w.-]+$/.test(image) || image.endsWith(':latest'))).toEqual([]);
  });
});

describe('overlays/dev', () => {
  const documents = render('k8s/overlays/dev');

  it('runs NATS, PostgreSQL and MinIO as StatefulSets, and sets up the bucket', () => {
    const kinds = documents.map((document) => `${document.kind}/${document.metadata.name}`);
    expect(kinds).toEqual(expect.arrayContaining(['StatefulSet/nats', 'StatefulSet/postgres', 'StatefulSet/minio', 'Job/minio-setup']));
  });
});

describe('overlays/prod', () => {
  const documents = render('k8s/overlays/prod');

  it('runs nothing stateful and renders no Secret (they are created out of band)', () => {
    expect(documents.filter((document) => ['StatefulSet', 'Secret'].includes(document.kind)).map(describeDocument)).toEqual([]);
  });

  it('runs at least two replicas of everything, each with a PodDisruptionBudget', () => {
    const deployments = documents.filter((document) => document.kind === 'Deployment');
    expect(deployments.filter((deployment) => Number(deployment.spec?.replicas) < 2).map(describeDocument)).toEqual([]);
    const budgets = documents.filter((document) => document.kind === 'PodDisruptionBudget').map((document) => document.metadata.name);
    expect(budgets.sort()).toEqual([...deployables].sort());
  });

  it('serves one public host over TLS', () => {
    const ingress = documents.find((document) => document.kind === 'Ingress') as unknown as { spec: { rules: { host?: string }[]; tls?: { hosts: string[] }[] } };
    expect(ingress.spec.rules[0].host).toBeTruthy();
    expect(ingress.spec.tls?.[0].hosts).toContain(ingress.spec.rules[0].host);
  });

  it('ships a Secret template that is itself valid', () => {
    expect(prodSecretsTemplate().flatMap(validateKubernetesDocument)).toEqual([]);
  });
});

describe('the consistency checks', () => {
  const documents = render('k8s/overlays/dev');
  const find = (all: Manifest[], kind: string, name: string) => all.find((document) => document.kind === kind && document.metadata.name === name) as Manifest;
  const podSpec = (all: Manifest[], name: string) =>
    (find(all, 'Deployment', name).spec as { template: { spec: { containers: Record<string, unknown>[] } } }).template.spec;

  it('report a container with a writable root filesystem', () => {
    const broken = clone(documents);
    (podSpec(broken, 'gateway').containers[0].securityContext as Record<string, unknown>).readOnlyRootFilesystem = false;
    expect(checkPodHardening(broken)).toEqual(['Deployment/gateway container gateway: readOnlyRootFilesystem must be true']);
  });

  it('report a Secret reference that nothing provides', () => {
    const broken = clone(documents).filter((document) => !(document.kind === 'Secret' && document.metadata.name.startsWith('auth-database')));
    expect(checkReferences(broken)).toEqual([expect.stringMatching(/^Deployment\/auth: refers to Secret auth-database-\w+, which does not exist$/)]);
  });

  it('report a readiness probe on the wrong path and a missing variable', () => {
    const broken = clone(documents);
    const container = podSpec(broken, 'memory').containers[0] as { readinessProbe: { httpGet: { path: string } }; env: { name: string }[] };
    container.readinessProbe.httpGet.path = '/health';
    container.env = container.env.filter((variable) => variable.name !== 'DATABASE_URL');
    expect(checkWorkloads(broken)).toEqual(['Deployment/memory: environment lacks DATABASE_URL', 'Deployment/memory: readinessProbe must GET /health/ready']);
  });

  it('report a remote the Ingress does not route', () => {
    const broken = clone(documents);
    const ingress = find(broken, 'Ingress', 'memories').spec as { rules: { http: { paths: { path: string }[] } }[] };
    ingress.rules[0].http.paths = ingress.rules[0].http.paths.filter((entry) => entry.path !== '/remotes/editor');
    expect(checkIngress(broken)).toEqual(['Ingress: /remotes/editor must go to remote-editor']);
  });

  it('report a Service whose selector matches no pod', () => {
    const broken = clone(documents);
    (find(broken, 'Service', 'upload').spec as { selector: Record<string, string> }).selector = { 'app.kubernetes.io/name': 'uploads' };
    expect(checkServiceWiring(broken)).toEqual(['Service/upload: selects no pods']);
  });

  it('report a bus address that is not a Service of the cluster', () => {
    const broken = clone(documents).filter((document) => !(document.kind === 'Service' && document.metadata.name === 'nats'));
    expect(checkInfrastructureAddresses(broken, true)).toHaveLength(backendServices.length);
  });
});
