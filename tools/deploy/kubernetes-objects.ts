/** The parts of rendered Kubernetes manifests that the consistency checks read: pod owners, containers, keys. */
import type { IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import type { IConfigMap } from 'kubernetes-models/v1/ConfigMap';
import type { IContainer } from 'kubernetes-models/v1/Container';
import type { IPodSpec } from 'kubernetes-models/v1/PodSpec';
import type { ISecret } from 'kubernetes-models/v1/Secret';

export interface KubernetesObject {
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
export const isJob = (owner: PodOwner) => owner.kind === 'Job' || owner.kind === 'CronJob';

export const asObjects = (documents: unknown[]) => documents as KubernetesObject[];
export const ofKind = <T>(documents: unknown[], kind: string) =>
  asObjects(documents).filter((document) => document.kind === kind) as unknown as T[];
export const named = <T extends KubernetesObject>(documents: T[], name: string) =>
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
export interface ILabelSelector {
  matchLabels?: Record<string, string>;
  matchExpressions?: { key: string; operator: string; values?: string[] }[];
}

export const containersOf = (spec: IPodSpec): IContainer[] => [...(spec.initContainers ?? []), ...spec.containers];

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
export function configurationKeys(documents: unknown[], externalSecrets: unknown[]) {
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

export const imageTag = (image: string | undefined) => /:([\w.-]+)$/.exec(image ?? '')?.[1];

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
