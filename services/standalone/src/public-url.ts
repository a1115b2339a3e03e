import type { Environment } from '@memories/nest-common';
import type { StandaloneConfig } from './config/standalone.config';

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '0.0.0.0', '::1', 'localhost']);

/**
 * The origin people open: PUBLIC_URL when set (a proxy or a domain in front), otherwise http://localhost:<PORT>.
 * localhost rather than 127.0.0.1, although the server listens on 127.0.0.1: browsers refuse an IP address as a
 * WebAuthn relying party, so passkeys only work at a host name (docs/decisions.md, "Account security").
 */
export function standalonePublicUrl(config: StandaloneConfig, env: Environment): string {
  if (env.PUBLIC_URL) return env.PUBLIC_URL.replace(/\/+$/, '');
  return `http://${LOOPBACK_HOSTS.has(config.HOST) ? 'localhost' : config.HOST}:${config.PORT}`;
}
