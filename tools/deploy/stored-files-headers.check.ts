/**
 * The bucket's files are served on the app's own origin (the presigned GETs /api/files redirects to): every way in
 * answers them inert, no script and no type sniffing, whatever the store itself sends.
 */
import type { IIngress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import { objectStoreBucket } from './deploy-topology';

/** The headers of a stored file, as the compose proxy and the Ingress add them. */
export const storedFileHeaders = {
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "default-src 'none'; sandbox",
} as const;

/** The compose proxy's location of the bucket adds each header (`add_header <name> <value> always`). */
export function checkProxyStoredFileHeaders(configText: string): string[] {
  const location = `/${objectStoreBucket}/`;
  const block =
    new RegExp(`location\\s+${location}\\s*\\{([^}]*)\\}`).exec(configText.replace(/#[^\n]*/g, ''))?.[1] ?? '';
  const added = [...block.matchAll(/add_header\s+((?:"[^"]*"|[^;"])+);/g)].map((match) => match[1].trim());
  return Object.entries(storedFileHeaders)
    .filter(([name, value]) => !added.includes(`${name} ${value.includes(' ') ? `"${value}"` : value} always`))
    .map(([name]) => `proxy: location ${location} must add ${name} to every answer`);
}

/** The Ingress of the bucket path sets each header on every answer (ingress-nginx's `more_set_headers`). */
export function checkIngressStoredFileHeaders(documents: unknown[]): string[] {
  const ingress = (documents as (IIngress & { kind: string })[]).find(
    (document) =>
      document.kind === 'Ingress' &&
      (document.spec?.rules ?? []).some((rule) =>
        (rule.http?.paths ?? []).some((path) => path.path === `/${objectStoreBucket}`),
      ),
  );
  if (!ingress) return [];
  const snippet = ingress.metadata?.annotations?.['nginx.ingress.kubernetes.io/configuration-snippet'] ?? '';
  return Object.entries(storedFileHeaders)
    .filter(([name, value]) => !snippet.includes(`more_set_headers "${name}: ${value}";`))
    .map(([name]) => `Ingress/${ingress.metadata?.name}: must set ${name} on every answer of the bucket path`);
}
