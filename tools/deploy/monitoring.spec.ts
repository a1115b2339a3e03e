/**
 * The optional monitoring component (k8s/components/monitoring) added to an overlay, the dashboard it ships, and the
 * compose scrape targets the operator's guide lists: each agrees with the code that serves the metrics.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Registry, collectDefaultMetrics } from 'prom-client';
import { parse } from 'yaml';
import { backendServices, repoRoot } from './deploy-topology';
import { checkNetworkPolicies } from './kubernetes-consistency.check';
import { validateKubernetesDocument } from './kubernetes-schema.validator';
import { renderKustomization } from './kustomize.renderer';
import { checkMonitoring } from './monitoring-consistency.check';
import { parseYamlDocuments } from './yaml-documents.util';

interface Manifest {
  kind: string;
  metadata: { name: string };
  spec: { endpoints?: Array<{ port?: string; path?: string }> };
}

const component = path.join(repoRoot, 'k8s', 'components', 'monitoring');

/** The dev overlay with the monitoring component, as an operator adds it (a kustomization of their own). */
function renderWithMonitoring(): Manifest[] {
  const folder = mkdtempSync(path.join(tmpdir(), 'memories-monitoring-'));
  try {
    writeFileSync(
      path.join(folder, 'kustomization.yaml'),
      [
        'apiVersion: kustomize.config.k8s.io/v1beta1',
        'kind: Kustomization',
        'resources:',
        `  - ${path.relative(folder, path.join(repoRoot, 'k8s', 'overlays', 'dev'))}`,
        'components:',
        `  - ${path.relative(folder, component)}`,
        '',
      ].join('\n'),
    );
    return parseYamlDocuments(renderKustomization(folder), 'monitoring') as Manifest[];
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** The names of the metrics the code registers (ours are named where they are defined; Node's by prom-client). */
function exposedMetricNames(): Set<string> {
  const sources = [
    path.join(repoRoot, 'libs', 'server', 'nest-common', 'src', 'metrics'),
    path.join(repoRoot, 'services', 'upload', 'src', 'metrics'),
  ].flatMap((folder) =>
    readdirSync(folder)
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.spec.ts'))
      .map((file) => readFileSync(path.join(folder, file), 'utf8')),
  );
  const ours = sources.flatMap((source) => [...source.matchAll(/'(memories_[a-z_]+)'/g)].map((match) => match[1]));
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return new Set([...ours, ...registry.getMetricsAsArray().map((metric) => metric.name)]);
}

describe('the monitoring component', () => {
  const documents = renderWithMonitoring();

  it('passes the Kubernetes and Prometheus operator schemas, document by document', () => {
    expect(documents.filter((document) => document.kind === 'ServiceMonitor')).toHaveLength(backendServices.length);
    expect(documents.flatMap(validateKubernetesDocument)).toEqual([]);
  });

  it("lets Prometheus scrape /metrics on each service's own port, the dashboard reach Grafana, and nothing more", () => {
    expect(checkMonitoring(documents)).toEqual([]);
    expect(checkNetworkPolicies(documents)).toEqual([]);
  });

  it('notices a ServiceMonitor on a port its Service does not have, or on another path', () => {
    const broken = structuredClone(documents);
    const monitor = broken.find(
      (document) => document.kind === 'ServiceMonitor' && document.metadata.name === 'memory',
    );
    monitor!.spec.endpoints = [{ port: 'metrics', path: '/stats' }];
    expect(checkMonitoring(broken)).toEqual([
      'ServiceMonitor/memory: port metrics is not a port of Service/memory',
      'ServiceMonitor/memory: must scrape /metrics',
    ]);
  });

  it("plots only metrics the processes expose (a histogram's _bucket, _sum and _count included)", () => {
    const dashboard = JSON.parse(readFileSync(path.join(component, 'grafana-dashboard.json'), 'utf8')) as {
      panels: Array<{ targets?: Array<{ expr: string }> }>;
    };
    const expressions = dashboard.panels.flatMap((panel) => (panel.targets ?? []).map((target) => target.expr));
    expect(expressions.length).toBeGreaterThan(10);
    const used = new Set(
      expressions.flatMap((expr) =>
        [...expr.matchAll(/\b((?:memories|process|nodejs)_[a-z0-9_]+)/g)].map((match) =>
          match[1].replace(/_(bucket|sum|count)$/, ''),
        ),
      ),
    );
    const exposed = exposedMetricNames();
    expect([...used].filter((name) => !exposed.has(name))).toEqual([]);
  });
});

describe('the compose scrape targets', () => {
  it('are listed in docs/operate.md, one per service, at the port compose gives it', () => {
    const compose = parse(readFileSync(path.join(repoRoot, 'docker-compose.yml'), 'utf8')) as {
      services: Record<string, { environment?: Record<string, string> }>;
    };
    const guide = readFileSync(path.join(repoRoot, 'docs', 'operate.md'), 'utf8');
    for (const { name } of backendServices) {
      const port = compose.services[name]?.environment?.PORT;
      expect(port).toMatch(/^\d+$/);
      expect(guide).toContain(`${name}:${port}`);
    }
  });
});
