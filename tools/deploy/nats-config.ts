/**
 * The deployed NATS settings (k8s/components/in-cluster-infra/nats.conf, which compose mounts too): written by hand
 * down to the `authorization` block, which is the parts' users and permissions as the bus grants them.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { natsAuthorization } from '@memories/contracts';
import { repoRoot } from './deploy-topology';

export const deployedNatsConfigPath = path.join(repoRoot, 'k8s', 'components', 'in-cluster-infra', 'nats.conf');

const AUTHORIZATION_START = /^authorization\s*\{/m;

/** The settings file as it should be: its hand-written part, then the authorization of BUS_GRANTS. */
export function expectedNatsConfig(current = readFileSync(deployedNatsConfigPath, 'utf8')): string {
  const start = AUTHORIZATION_START.exec(current)?.index ?? current.length;
  return `${current.slice(0, start)}${natsAuthorization()}`;
}
