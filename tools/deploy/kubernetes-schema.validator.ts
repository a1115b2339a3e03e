/**
 * Checks Kubernetes documents against the API schemas of `kubernetes-models` (types, required fields, enums,
 * formats). Each class validates its own kind, so the class is looked up from the document's apiVersion and kind:
 * `kubernetes-models/<apiVersion>/<Kind>` (core kinds under `v1/`), and the Prometheus operator's kinds (the optional
 * monitoring component's ServiceMonitors) from `@kubernetes-models/prometheus-operator/<apiVersion>/<Kind>`.
 * The schemas allow unknown fields, so a misspelt optional field passes here: the consistency checks catch the
 * ones that matter (probes, security context, references) by requiring the exact fields.
 */
import { createRequire } from 'node:module';

interface KubernetesModel {
  validate(): void;
}
type KubernetesModelClass = new (data: unknown) => KubernetesModel;

const loadModule = createRequire(__filename);
const apiVersionPattern = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*\/)?v\d+(?:(?:alpha|beta)\d+)?$/;
const kindPattern = /^[A-Z][A-Za-z0-9]*$/;

const MODEL_PACKAGES = ['kubernetes-models', '@kubernetes-models/prometheus-operator'];

function modelClass(apiVersion: string, kind: string): KubernetesModelClass | undefined {
  if (!apiVersionPattern.test(apiVersion) || !kindPattern.test(kind)) return undefined;
  for (const modelPackage of MODEL_PACKAGES) {
    try {
      const module: Record<string, unknown> = loadModule(`${modelPackage}/${apiVersion}/${kind}`);
      const candidate = module[kind];
      if (typeof candidate === 'function') return candidate as KubernetesModelClass;
    } catch {
      // Not a kind of this package: the next one may have it.
    }
  }
  return undefined;
}

/** Where a document is, for messages: `Deployment/gateway`. */
export function describeDocument(document: unknown): string {
  const { kind, metadata } = (document ?? {}) as { kind?: unknown; metadata?: { name?: unknown } };
  return `${String(kind ?? '?')}/${String(metadata?.name ?? '?')}`;
}

/**
 * The API server decodes Secret `data` with Go's base64 decoder, which skips line breaks, and kustomize wraps long
 * values over several lines; the schema's `byte` format does not skip them, so they are dropped before checking.
 */
function asTheApiServerReadsIt(document: Record<string, unknown>): Record<string, unknown> {
  const { kind, data } = document;
  if (kind !== 'Secret' || typeof data !== 'object' || data === null) return document;
  const unwrapped = Object.entries(data).map(([key, value]) => [
    key,
    typeof value === 'string' ? value.replace(/[\r\n]/g, '') : value,
  ]);
  return { ...document, data: Object.fromEntries(unwrapped) };
}

/** The schema problems of one document; empty when it is a valid object of a known kind. */
export function validateKubernetesDocument(document: unknown): string[] {
  if (typeof document !== 'object' || document === null || Array.isArray(document)) {
    return ['a Kubernetes document must be a mapping'];
  }
  const { apiVersion, kind } = document as { apiVersion?: unknown; kind?: unknown };
  if (typeof apiVersion !== 'string' || typeof kind !== 'string') {
    return [`${describeDocument(document)}: apiVersion and kind must be strings`];
  }
  const Model = modelClass(apiVersion, kind);
  if (!Model) return [`${describeDocument(document)}: unknown kind ${kind} in ${apiVersion}`];
  try {
    new Model(asTheApiServerReadsIt(document as Record<string, unknown>)).validate();
    return [];
  } catch (error) {
    return [`${describeDocument(document)}: ${(error as Error).message}`];
  }
}
