/** Workload checks: hardening, references, service wiring, probes, migration Jobs and scaling. */
import type { IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import type { IContainer } from 'kubernetes-models/v1/Container';
import type { IProbe } from 'kubernetes-models/v1/Probe';
import type { IService } from 'kubernetes-models/v1/Service';
import { backendServices, frontEndApps, staticHealthPath, staticServerPort } from './deploy-topology';
import { checkServiceEnvironment, checkSettingAgreements, healthPathsInCode } from './service-config.reader';
import {
  KubernetesObject,
  asObjects,
  ofKind,
  named,
  podOwners,
  ILabelSelector,
  containersOf,
  configurationKeys,
  containerEnvironment,
  imageTag,
  selects,
} from './kubernetes-objects';

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
