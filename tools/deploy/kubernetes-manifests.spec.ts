/**
 * The real k8s/ folder: every overlay renders, every document passes the Kubernetes schemas, and the manifests
 * agree with the topology and with each other. The last block proves the checks bite, on broken copies.
 */
import { existsSync, readFileSync } from 'node:fs';
import type { IContainer } from 'kubernetes-models/v1/Container';
import path from 'node:path';
import { checkKubernetesBus } from './bus-security.check';
import { checkIngressStoredFileHeaders } from './stored-files-headers.check';
import { backendServices, frontEndApps, remoteNames, repoRoot } from './deploy-topology';
import {
  checkInfrastructureAddresses,
  checkIngress,
  checkMigrationJobs,
  checkMigrationStep,
  checkNetworkPolicies,
  checkPodHardening,
  checkPublicUrl,
  checkReferences,
  checkRemoteListDocument,
  checkRemoteRelease,
  checkRuntimeRemoteList,
  checkScaling,
  checkServiceWiring,
  checkWorkloads,
  containerEnvironment,
  podOwners,
} from './kubernetes-consistency.check';
import { checkServiceEnvironment, readConfigClasses } from './service-config.reader';
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
const find = (all: Manifest[], kind: string, name: string) =>
  all.find(
    (document) =>
      document.kind === kind && (document.metadata.name === name || document.metadata.name.startsWith(`${name}-`)),
  ) as Manifest;

function checkServiceEnvironmentOf(
  documents: Manifest[],
  name: string,
  classes: ReturnType<typeof readConfigClasses>,
): string[] {
  const spec = backendServices.find((service) => service.name === name);
  const container = (find(documents, 'Deployment', name).spec as { template: { spec: { containers: IContainer[] } } })
    .template.spec.containers[0];
  return spec
    ? checkServiceEnvironment(`Deployment/${name}`, spec, containerEnvironment(container, documents), classes)
    : [`${name} is not a service`];
}

describe('the base', () => {
  it('renders on its own and every document is valid', () => {
    const documents = render('k8s/base');
    expect(documents.flatMap(validateKubernetesDocument)).toEqual([]);
    expect(
      documents
        .filter((document) => document.kind === 'Deployment')
        .map((document) => document.metadata.name)
        .sort(),
    ).toEqual([...deployables].sort());
  });
});

describe.each([
  { overlay: 'dev', inCluster: true, externalSecrets: [] as Manifest[], minimumReplicas: 1 },
  { overlay: 'prod', inCluster: false, externalSecrets: prodSecretsTemplate(), minimumReplicas: 2 },
])('overlays/$overlay', ({ overlay, inCluster, externalSecrets, minimumReplicas }) => {
  const documents = render(`k8s/overlays/${overlay}`);

  it('passes the Kubernetes API schemas, document by document', () => {
    expect(documents.length).toBeGreaterThan(20);
    expect(documents.flatMap(validateKubernetesDocument)).toEqual([]);
  });

  it('puts everything in the memories namespace, each name once per kind', () => {
    const keys = documents.map((document) => `${document.kind}/${document.metadata.name}`);
    expect(new Set(keys).size).toBe(keys.length);
    const namespaced = documents.filter((document) => document.kind !== 'Namespace');
    expect(namespaced.filter((document) => document.metadata.namespace !== 'memories').map(describeDocument)).toEqual(
      [],
    );
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

  it("routes the upload service's browser paths, the bucket path, the rest of /api, every remote and the shell on one origin, with their body limits", () => {
    expect(checkIngress(documents, externalSecrets)).toEqual([]);
  });

  it('migrates each database service in a Job of its release, with its image and configuration', () => {
    expect(checkMigrationJobs(documents)).toEqual([]);
  });

  it('lets the migration step (everything but the workloads) create the Jobs and all they read, and no Deployment', () => {
    expect(checkMigrationStep(documents)).toEqual([]);
  });

  it('admits only the ingress controller to the public parts, nobody to auth and memory, only our parts to NATS and PostgreSQL', () => {
    expect(checkNetworkPolicies(documents)).toEqual([]);
  });

  it(`autoscales gateway and memory, runs at least ${minimumReplicas} of everything, with a PodDisruptionBudget each`, () => {
    expect(checkScaling(documents, minimumReplicas)).toEqual([]);
  });

  it('answers the files of the bucket path inert, as the compose proxy does (nosniff, a sandbox CSP)', () => {
    expect(checkIngressStoredFileHeaders(documents)).toEqual([]);
  });

  it('signs every part in to NATS as itself, with the password the NATS server knows it by', () => {
    expect(checkKubernetesBus(documents, externalSecrets)).toEqual([]);
  });

  it(`finds NATS, PostgreSQL and the object store ${inCluster ? 'in the cluster' : 'at external addresses'}`, () => {
    expect(checkInfrastructureAddresses(documents, inCluster, externalSecrets)).toEqual([]);
  });

  it('pins a tag on every image', () => {
    const images = podOwners(documents).flatMap((owner) =>
      owner.spec.containers.map((container) => container.image ?? ''),
    );
    expect(images.filter((image) => !/:[\w.-]+$/.test(image) || image.endsWith(':latest'))).toEqual([]);
  });
});

describe('overlays/dev', () => {
  const documents = render('k8s/overlays/dev');

  it('runs NATS, PostgreSQL and MinIO as StatefulSets, and sets up the bucket', () => {
    const kinds = documents.map((document) => `${document.kind}/${document.metadata.name}`);
    expect(kinds).toEqual(
      expect.arrayContaining(['StatefulSet/nats', 'StatefulSet/postgres', 'StatefulSet/minio', 'Job/minio-setup']),
    );
  });
});

describe('overlays/prod', () => {
  const documents = render('k8s/overlays/prod');

  it('runs nothing stateful and renders no Secret (they are created out of band)', () => {
    expect(
      documents.filter((document) => ['StatefulSet', 'Secret'].includes(document.kind)).map(describeDocument),
    ).toEqual([]);
  });

  it('serves one public host over TLS, the PUBLIC_URL the auth service puts in e-mails', () => {
    const ingress = documents.find((document) => document.kind === 'Ingress') as unknown as {
      spec: { rules: { host?: string }[]; tls?: { hosts: string[] }[] };
    };
    expect(ingress.spec.rules[0].host).toBeTruthy();
    expect(ingress.spec.tls?.[0].hosts).toContain(ingress.spec.rules[0].host);
    expect(checkPublicUrl(documents)).toEqual([]);
  });

  it('points at external NATS, PostgreSQL and S3, never at the in-cluster names', () => {
    const environment = (name: string) =>
      containerEnvironment(
        (find(documents, 'Deployment', name).spec as { template: { spec: { containers: IContainer[] } } }).template.spec
          .containers[0],
        documents,
        prodSecretsTemplate(),
      );
    expect(environment('memory').get('NATS_URL')).toMatch(/^nats:\/\/[\w-]+\.[\w.-]+:\d+$/);
    expect(environment('memory').get('DATABASE_URL')).toMatch(/@[\w-]+\.[\w.-]+:\d+\//);
    expect(environment('upload').get('S3_ENDPOINT')).toMatch(/^[\w-]+\.[\w.-]+$/);
    expect(environment('upload').get('S3_USE_SSL')).toBe('true');
  });

  it('ships a Secret template that is itself valid', () => {
    expect(prodSecretsTemplate().flatMap(validateKubernetesDocument)).toEqual([]);
  });

  it('backs up every night: pg_dump of the database, then mc mirror of the bucket, into a volume of its own', () => {
    const cronJob = find(documents, 'CronJob', 'memories-backup') as Manifest & {
      spec: { schedule: string; concurrencyPolicy: string };
    };
    const pod = podOwners(documents).find((owner) => owner.owner === 'CronJob/memories-backup')!;
    const scripts = (find(documents, 'ConfigMap', 'backup-scripts') as unknown as { data: Record<string, string> })
      .data;
    const claim = pod.spec.volumes?.find((volume) => volume.name === 'backups')?.persistentVolumeClaim?.claimName;

    expect(cronJob.spec).toMatchObject({ schedule: '30 2 * * *', concurrencyPolicy: 'Forbid' });
    // The dump is an init container: the bucket is mirrored only once the database is dumped.
    expect(pod.spec.initContainers?.map((container) => container.command)).toEqual([
      ['/bin/sh', '/scripts/backup-database.sh'],
    ]);
    expect(pod.spec.containers.map((container) => container.command)).toEqual([
      ['/bin/sh', '/scripts/backup-files.sh'],
    ]);
    expect(scripts['backup-database.sh']).toMatch(/pg_dump --format=custom/);
    expect(scripts['backup-files.sh']).toMatch(/mc mirror/);
    expect(Object.keys(scripts).sort()).toEqual([
      'backup-database.sh',
      'backup-files.sh',
      'restore-database.sh',
      'restore-files.sh',
    ]);
    expect(find(documents, 'PersistentVolumeClaim', claim ?? '')).toBeDefined();
  });

  it('dumps with the pg_dump of the PostgreSQL major the product runs (compose and the dev cluster)', () => {
    const dumpImage = podOwners(documents).find((owner) => owner.owner === 'CronJob/memories-backup')?.spec
      .initContainers?.[0].image;
    const compose = readFileSync(path.join(repoRoot, 'docker-compose.yml'), 'utf8');
    expect(compose).toContain(`image: ${dumpImage}`);
  });
});

describe('backups of a compose install', () => {
  it('run the scripts of the Kubernetes backup, which exist', () => {
    for (const file of ['compose-backup.sh', 'compose-restore.sh']) {
      const script = readFileSync(path.join(repoRoot, 'tools', 'deploy', 'backup', file), 'utf8');
      const used = [...script.matchAll(/\/scripts\/([\w-]+\.sh)/g)].map((match) => match[1]);
      expect(used.length).toBeGreaterThan(0);
      for (const name of used) expect(existsSync(path.join(repoRoot, 'k8s', 'components', 'backup', name))).toBe(true);
    }
  });
});

describe.each(remoteNames.map((remote) => ({ remote })))(
  'k8s/apps/$remote: one remote released on its own',
  ({ remote }) => {
    const release = render(`k8s/apps/${remote}`);
    const production = render('k8s/overlays/prod');

    it('renders valid documents, in the memories namespace, and nothing else than its own release', () => {
      expect(release.flatMap(validateKubernetesDocument)).toEqual([]);
      expect(release.filter((document) => document.metadata.namespace !== 'memories').map(describeDocument)).toEqual(
        [],
      );
      expect(release.map((document) => document.kind).sort()).toEqual([
        'Deployment',
        'Ingress',
        'PodDisruptionBudget',
        'Service',
      ]);
    });

    it('serves its release at its own path next to the current files, without touching the deployment', () => {
      expect(checkRemoteRelease(remote, release, production)).toEqual([]);
    });

    it('runs the image of release.env, from the registry production uses', () => {
      const image = podOwners(release)[0].spec.containers[0].image ?? '';
      const current =
        podOwners(production).find((owner) => owner.name === `remote-${remote}`)?.spec.containers[0].image ?? '';
      expect(image.split(':')[0]).toBe(current.split(':')[0]);
    });

    it('is switched to by an entry the runtime remote list accepts', () => {
      const releaseId = release
        .find((document) => document.kind === 'Deployment')
        ?.metadata.name.slice(`remote-${remote}-`.length);
      const list = {
        remotes: remoteNames.map((name) => ({
          name,
          entry:
            name === remote
              ? `/remotes/${name}/releases/${releaseId}/mf-manifest.json`
              : `/remotes/${name}/mf-manifest.json`,
        })),
      };
      expect(checkRemoteListDocument('remotes.json', list)).toEqual([]);
    });
  },
);

describe('the consistency checks', () => {
  const documents = render('k8s/overlays/dev');
  const podSpec = (all: Manifest[], name: string) =>
    (find(all, 'Deployment', name).spec as { template: { spec: { containers: Record<string, unknown>[] } } }).template
      .spec;

  it('report a container with a writable root filesystem', () => {
    const broken = clone(documents);
    (podSpec(broken, 'gateway').containers[0].securityContext as Record<string, unknown>).readOnlyRootFilesystem =
      false;
    expect(checkPodHardening(broken)).toEqual([
      'Deployment/gateway container gateway: readOnlyRootFilesystem must be true',
    ]);
  });

  it('report a Secret reference that nothing provides', () => {
    const broken = clone(documents).filter(
      (document) => !(document.kind === 'Secret' && document.metadata.name.startsWith('auth-database')),
    );
    expect(checkReferences(broken)).toEqual([
      expect.stringMatching(/^Deployment\/auth: refers to Secret auth-database-\w+, which does not exist$/),
      expect.stringMatching(/^Job\/auth-migrate-dev: refers to Secret auth-database-\w+, which does not exist$/),
    ]);
  });

  it('report an Ingress of the bucket path that lets the files be sniffed or run', () => {
    const broken = clone(documents);
    const files = find(broken, 'Ingress', 'memories-files') as unknown as {
      metadata: { annotations: Record<string, string> };
    };
    delete files.metadata.annotations['nginx.ingress.kubernetes.io/configuration-snippet'];
    expect(checkIngressStoredFileHeaders(broken)).toEqual([
      'Ingress/memories-files: must set X-Content-Type-Options on every answer of the bucket path',
      'Ingress/memories-files: must set Content-Security-Policy on every answer of the bucket path',
    ]);
  });

  it('report a part that signs in to NATS as another, and a NATS that shows its monitoring port', () => {
    const broken = clone(documents);
    const memory = podSpec(broken, 'memory').containers[0] as { env?: { name: string; value: string }[] };
    memory.env = [...(memory.env ?? []), { name: 'NATS_USER', value: 'gateway' }];
    const service = find(broken, 'Service', 'nats').spec as { ports: { name: string; port: number }[] };
    service.ports.push({ name: 'monitor', port: 8222 });
    expect(checkKubernetesBus(broken)).toEqual([
      'Deployment/memory: NATS_USER must be memory',
      'Service/nats: must offer the client port only',
    ]);
  });

  it('report a readiness probe on the wrong path and a missing variable', () => {
    const broken = clone(documents);
    const container = podSpec(broken, 'memory').containers[0] as {
      readinessProbe: { httpGet: { path: string } };
      envFrom: { secretRef?: { name: string } }[];
    };
    container.readinessProbe.httpGet.path = '/health';
    container.envFrom = container.envFrom.filter((source) => !source.secretRef?.name.startsWith('memory-database'));
    expect(checkWorkloads(broken)).toEqual([
      'Deployment/memory: environment lacks DATABASE_URL (read by DatabaseServerConfig)',
      'Deployment/memory: readinessProbe must GET /health/ready',
    ]);
  });

  it('report a variable a config class starts to read before the manifests set it, and one the class does not read', () => {
    const classes = readConfigClasses();
    const upload = classes.get('UploadConfig');
    upload?.variables.push({
      name: 'MEDIA_COOKIE_MAX_AGE_SECONDS',
      declaredIn: 'UploadConfig',
      optional: false,
      conditional: false,
    });
    const broken = clone(documents);
    (find(broken, 'ConfigMap', 'memory-config') as unknown as { data: Record<string, string> }).data.FILE_URL_PREFIXES =
      '/api/files/';
    const problems = [...checkWorkloads(broken)];
    expect(problems).toEqual(['Deployment/memory: sets FILE_URL_PREFIXES, which MemoryConfig does not read']);
    expect(checkServiceEnvironmentOf(broken, 'upload', classes)).toEqual([
      'Deployment/upload: environment lacks MEDIA_COOKIE_MAX_AGE_SECONDS (read by UploadConfig)',
    ]);
  });

  it('report a route of the contract the Ingress sends elsewhere', () => {
    const broken = clone(documents);
    const ingress = find(broken, 'Ingress', 'memories-upload').spec as {
      rules: { http: { paths: { path: string }[] } }[];
    };
    ingress.rules[0].http.paths = ingress.rules[0].http.paths.filter((entry) => entry.path !== '/api/files');
    expect(checkIngress(broken)).toEqual([
      'Ingress: /api/files/users/0b6f/8c1e.png must go to upload (goes to gateway)',
    ]);
  });

  it('report an upload route that takes the API limit, and a bucket path to a store the upload service does not use', () => {
    const broken = clone(documents);
    const ingresses = broken.filter((document) => document.kind === 'Ingress') as unknown as {
      metadata: { name: string; annotations: Record<string, string> };
    }[];
    const upload = ingresses.find((ingress) => ingress.metadata.name === 'memories-upload');
    if (upload) upload.metadata.annotations['nginx.ingress.kubernetes.io/proxy-body-size'] = '6m';
    const route = find(broken, 'Service', 'object-store').spec as { selector: Record<string, string> };
    route.selector = { 'app.kubernetes.io/name': 'postgres' };
    expect(checkIngress(broken)).toEqual([
      'Ingress/memories-upload: upload takes bodies up to 11m (proxy-body-size)',
      'Service/object-store: must reach the pods and port of minio:9000, where the upload service stores files',
    ]);
  });

  it('report a production bucket path that reaches another store than S3_ENDPOINT, without TLS', () => {
    const production = render('k8s/overlays/prod');
    const route = find(production, 'Service', 'object-store').spec as { externalName: string };
    route.externalName = 'files.example.com';
    const files = production.find(
      (document) => document.kind === 'Ingress' && document.metadata.name === 'memories-files',
    ) as unknown as { metadata: { annotations: Record<string, string> } };
    delete files.metadata.annotations['nginx.ingress.kubernetes.io/backend-protocol'];
    expect(checkIngress(production, prodSecretsTemplate())).toEqual([
      'Service/object-store: must name S3_ENDPOINT s3.example.internal (names files.example.com)',
      'Ingress/memories-files: the bucket path must use HTTPS to the store, as S3_USE_SSL says',
    ]);
  });

  it('report an Ingress of the origin without the host the others serve', () => {
    const production = render('k8s/overlays/prod');
    const files = production.find(
      (document) => document.kind === 'Ingress' && document.metadata.name === 'memories-files',
    ) as unknown as { spec: { rules: { host?: string }[] } };
    delete files.spec.rules[0].host;
    expect(checkIngress(production, prodSecretsTemplate())).toEqual([
      'Ingress: memories, memories-files, memories-transfer, memories-upload must serve the same host with the same TLS',
    ]);
  });

  it('report settings that must agree across services: a token issuer changed on one side, a file prefix and a bucket origin that drifted', () => {
    const broken = clone(documents);
    const data = (name: string) =>
      (find(broken, 'ConfigMap', name) as unknown as { data: Record<string, string> }).data;
    data('gateway-config').AUTH_JWT_ISSUER = 'https://auth.example.com';
    data('memory-config').FILE_URL_PREFIX = '/files/';
    data('upload-config').S3_PUBLIC_URL = 'http://localhost:9000';
    expect(checkWorkloads(broken)).toEqual([
      'Deployment/auth AUTH_JWT_ISSUER = memories-auth, Deployment/gateway AUTH_JWT_ISSUER = https://auth.example.com, Deployment/upload AUTH_JWT_ISSUER = memories-auth: must be one value (auth signs access tokens, gateway and upload check their issuer)',
      'Deployment/memory FILE_URL_PREFIX must be /api/files/ (content images must be the files the upload service serves there (the routing contract)), found /files/',
      'Deployment/auth PUBLIC_URL = http://localhost:8080, Deployment/upload S3_PUBLIC_URL = http://localhost:9000: must be one value (presigned URLs are signed for the public origin, which proxies the bucket path (one origin: CSP self, no CORS))',
    ]);
  });

  it('report a policy that lets any pod reach PostgreSQL, and a service left open', () => {
    const broken = clone(documents).filter(
      (document) => !(document.kind === 'NetworkPolicy' && document.metadata.name === 'default-deny-ingress'),
    );
    const postgres = find(broken, 'NetworkPolicy', 'postgres-from-database-services').spec as {
      ingress: { from: unknown[] }[];
    };
    postgres.ingress[0].from = [{ podSelector: {} }];
    expect(checkNetworkPolicies(broken)).toEqual(
      expect.arrayContaining([
        'auth: reachable from *, must be from nobody',
        expect.stringMatching(
          /^postgres: reachable from .*gateway.*remote-viewer.*, must be from auth, memory, upload, notify, auth-migrate-dev/,
        ),
      ]),
    );
  });

  it('report a migration Job that the release step would not create before the Deployment', () => {
    const broken = clone(documents);
    const job = find(broken, 'Job', 'memory-migrate');
    (job.metadata as unknown as { labels: Record<string, string> }).labels['app.kubernetes.io/component'] = 'service';
    expect(checkMigrationStep(broken)).toEqual(['Job/memory-migrate-dev: the migration step must apply it']);
    job.metadata.name = 'memory-migrate';
    expect(checkMigrationJobs(broken)).toEqual([
      "Job/memory-migrate-dev is missing (the migrations of memory's release)",
    ]);
  });

  it('report a Deployment that pins replicas under its autoscaler', () => {
    const broken = clone(documents);
    (find(broken, 'Deployment', 'memory').spec as { replicas?: number }).replicas = 2;
    expect(checkScaling(broken, 1)).toEqual(['Deployment/memory: must leave replicas to its HorizontalPodAutoscaler']);
  });

  it('report a remote the Ingress does not route', () => {
    const broken = clone(documents);
    const ingress = find(broken, 'Ingress', 'memories').spec as { rules: { http: { paths: { path: string }[] } }[] };
    ingress.rules[0].http.paths = ingress.rules[0].http.paths.filter((entry) => entry.path !== '/remotes/editor');
    expect(checkIngress(broken)).toEqual([
      'Ingress: /remotes/editor/mf-manifest.json must go to remote-editor (goes to shell)',
      'Ingress: /remotes/editor/releases/1.4.0/remoteEntry.js must go to remote-editor (goes to shell)',
    ]);
  });

  it('report a remote release that would take over the current Service', () => {
    const release = render('k8s/apps/editor');
    const deployment = release.find((document) => document.kind === 'Deployment') as unknown as {
      spec: {
        selector: { matchLabels: Record<string, string> };
        template: { metadata: { labels: Record<string, string> } };
      };
    };
    deployment.spec.selector.matchLabels['memories/release'] = 'current';
    deployment.spec.template.metadata.labels['memories/release'] = 'current';
    expect(checkRemoteRelease('editor', release, documents)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Service\/remote-editor must select only the current pods/),
        expect.stringMatching(/^Service\/remote-editor-1-1-0: selects no pods/),
      ]),
    );
  });

  it('report a remote release whose Ingress names another host than the deployment (its path would fall to the current remote)', () => {
    const release = render('k8s/apps/viewer');
    expect(checkRemoteRelease('viewer', release, documents)).toEqual([
      "k8s/apps/viewer: its Ingress must name the deployment's host (none) (HOST in release.env; found memories.example.com)",
    ]);
  });

  it("report a runtime remote list entry outside its remote's prefix", () => {
    const list = {
      remotes: remoteNames.map((name) => ({
        name,
        entry: `/remotes/${name === 'viewer' ? 'editor' : name}/mf-manifest.json`,
      })),
    };
    expect(checkRemoteListDocument('remotes.json', list)).toEqual([
      'remotes.json: the entry of viewer must be /remotes/viewer/[releases/<release>/]mf-manifest.json (found /remotes/editor/mf-manifest.json)',
    ]);
  });

  it('report a Service whose selector matches no pod', () => {
    const broken = clone(documents);
    (find(broken, 'Service', 'upload').spec as { selector: Record<string, string> }).selector = {
      'app.kubernetes.io/name': 'uploads',
    };
    expect(checkServiceWiring(broken)).toEqual(['Service/upload: selects no pods']);
  });

  it('report a bus address that is not a Service of the cluster', () => {
    const broken = clone(documents).filter(
      (document) => !(document.kind === 'Service' && document.metadata.name === 'nats'),
    );
    expect(checkInfrastructureAddresses(broken, true)).toHaveLength(backendServices.length);
  });
});
