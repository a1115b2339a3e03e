/**
 * Checks the optional monitoring component as rendered into an overlay: Prometheus finds the /metrics of the gateway
 * and of every service through a ServiceMonitor on a port its Service has, and Grafana finds the dashboard.
 */
import type { IConfigMap } from 'kubernetes-models/v1/ConfigMap';
import type { IService } from 'kubernetes-models/v1/Service';
import type { IServiceMonitor } from '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1/ServiceMonitor';
import { backendServices } from './deploy-topology';
import { selects } from './kubernetes-objects';

export const METRICS_PATH = '/metrics';
export const DASHBOARD_CONFIG_MAP = 'memories-grafana-dashboard';

type Named = { kind?: string; metadata?: { name?: string; labels?: Record<string, string> } };

const ofKind = <T>(documents: unknown[], kind: string) =>
  (documents as Named[]).filter((document) => document?.kind === kind) as unknown as Array<T & Named>;

export function checkMonitoring(documents: unknown[]): string[] {
  const services = ofKind<IService>(documents, 'Service');
  const monitors = ofKind<IServiceMonitor>(documents, 'ServiceMonitor');
  const problems: string[] = [];
  for (const { name } of backendServices) {
    const service = services.find((candidate) => candidate.metadata?.name === name);
    if (!service) {
      problems.push(`Service/${name} does not exist`);
      continue;
    }
    const portNames = new Set((service.spec?.ports ?? []).map((port) => port.name));
    const scraping = monitors.filter((monitor) => selects(monitor.spec.selector, service.metadata?.labels ?? {}));
    if (scraping.length !== 1) {
      problems.push(`Service/${name}: selected by ${scraping.length} ServiceMonitors, must be by exactly one`);
      continue;
    }
    for (const endpoint of scraping[0].spec.endpoints ?? []) {
      if (!endpoint.port || !portNames.has(endpoint.port))
        problems.push(
          `ServiceMonitor/${scraping[0].metadata?.name}: port ${endpoint.port} is not a port of Service/${name}`,
        );
      if (endpoint.path !== METRICS_PATH)
        problems.push(`ServiceMonitor/${scraping[0].metadata?.name}: must scrape ${METRICS_PATH}`);
    }
  }
  const dashboard = ofKind<IConfigMap>(documents, 'ConfigMap').find(
    (configMap) => configMap.metadata?.name === DASHBOARD_CONFIG_MAP,
  );
  if (!dashboard) problems.push(`ConfigMap/${DASHBOARD_CONFIG_MAP} does not exist`);
  else {
    if (dashboard.metadata?.labels?.grafana_dashboard !== '1')
      problems.push(`ConfigMap/${DASHBOARD_CONFIG_MAP}: Grafana's sidecar needs the label grafana_dashboard: "1"`);
    for (const [file, json] of Object.entries(dashboard.data ?? {})) {
      try {
        JSON.parse(json);
      } catch {
        problems.push(`ConfigMap/${DASHBOARD_CONFIG_MAP}: ${file} is not JSON`);
      }
    }
  }
  return problems;
}
