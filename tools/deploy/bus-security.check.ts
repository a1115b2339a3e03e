/**
 * The bus and the database are for the services alone: every part signs in to NATS as itself, with its own password,
 * which the deployment's NATS gets too (its settings read NATS_<PART>_PASSWORD); in compose, NATS and PostgreSQL sit
 * on an internal network with no published port; in Kubernetes the NATS Service offers no monitoring port.
 */
import type { IService } from 'kubernetes-models/v1/Service';
import { BUS_USERS, natsPasswordVariable, type BusUser } from '@memories/contracts';
import type { ComposeFile, ComposeService } from './compose-consistency.check';
import { composeEnvironment } from './compose-consistency.check';
import { backendServices } from './deploy-topology';
import { containerEnvironment, podOwners } from './kubernetes-consistency.check';

/** The network only the services and their infrastructure join. */
export const backendNetwork = 'backend';
const BACKEND_ONLY = ['postgres', 'nats'];

/** `${NATS_<PART>_PASSWORD:?...}`: the part's password, asked of .env (`quoted` for NATS, which reads it so). */
const passwordFromDotEnv = (user: BusUser, quoted = false) =>
  new RegExp(`^${quoted ? '"' : ''}\\$\\{${natsPasswordVariable(user)}:\\?[^}]*\\}${quoted ? '"' : ''}$`);

function networksOf(service: ComposeService): string[] {
  const { networks } = service;
  if (networks === undefined) return ['default'];
  return Array.isArray(networks) ? networks : Object.keys(networks);
}

export function checkComposeBus(compose: ComposeFile): string[] {
  const problems: string[] = [];
  if (compose.networks?.[backendNetwork]?.internal !== true)
    problems.push(`networks: ${backendNetwork} must be internal (no way out)`);
  for (const name of BACKEND_ONLY) {
    const service = compose.services[name];
    if (!service) continue;
    if (JSON.stringify(networksOf(service)) !== JSON.stringify([backendNetwork]))
      problems.push(`${name}: must be on the ${backendNetwork} network only`);
    if ((service.ports ?? []).length > 0) problems.push(`${name}: must publish no port`);
  }
  const nats = composeEnvironment(compose.services.nats ?? {});
  for (const user of BUS_USERS) {
    if (!passwordFromDotEnv(user, true).test(nats.get(natsPasswordVariable(user)) ?? ''))
      problems.push(`nats: ${natsPasswordVariable(user)} must come from .env as "\${VAR:?message}"`);
  }
  for (const { name, needsDatabase } of backendServices) {
    const parts = [name, ...(needsDatabase ? [`${name}-migrate`] : [])];
    for (const part of parts.filter((candidate) => compose.services[candidate])) {
      const environment = composeEnvironment(compose.services[part]);
      if (environment.get('NATS_USER') !== name) problems.push(`${part}: NATS_USER must be ${name}`);
      if (!passwordFromDotEnv(name).test(environment.get('NATS_PASSWORD') ?? ''))
        problems.push(`${part}: NATS_PASSWORD must be \${${natsPasswordVariable(name)}:?message}`);
      if (!networksOf(compose.services[part]).includes(backendNetwork))
        problems.push(`${part}: must be on the ${backendNetwork} network`);
    }
  }
  return problems;
}

/** Each Deployment signs in as its part; the in-cluster NATS (when there is one) knows each part's password. */
export function checkKubernetesBus(documents: unknown[], externalSecrets: unknown[] = []): string[] {
  const owners = podOwners(documents);
  const problems: string[] = [];
  const passwords = new Map<BusUser, string | undefined>();
  for (const { name } of backendServices) {
    const owner = owners.find((candidate) => candidate.owner === `Deployment/${name}`);
    if (!owner) continue;
    const environment = containerEnvironment(owner.spec.containers[0], documents, externalSecrets);
    if (!environment.has('NATS_USER') || !environment.has('NATS_PASSWORD'))
      problems.push(`${owner.owner}: must get NATS_USER and NATS_PASSWORD (its Secret ${name}-nats)`);
    else if (environment.get('NATS_USER') !== undefined && environment.get('NATS_USER') !== name)
      problems.push(`${owner.owner}: NATS_USER must be ${name}`);
    passwords.set(name, environment.get('NATS_PASSWORD'));
  }
  const nats = owners.find((candidate) => candidate.owner === 'StatefulSet/nats');
  if (!nats) return problems;
  const environment = containerEnvironment(nats.spec.containers[0], documents, externalSecrets);
  // Kubernetes expands $(NAME) with the container's own earlier variables.
  const expanded = (value = '') =>
    value.replace(/\$\(([A-Za-z0-9_]+)\)/g, (_, name: string) => environment.get(name) ?? '');
  for (const user of BUS_USERS) {
    const variable = natsPasswordVariable(user);
    if (expanded(environment.get(variable)) !== `"${passwords.get(user)}"`)
      problems.push(`StatefulSet/nats: ${variable} must be the NATS_PASSWORD ${user} signs in with, in double quotes`);
  }
  const service = (documents as (IService & { kind: string })[]).find(
    (document) => document.kind === 'Service' && document.metadata?.name === 'nats',
  );
  const ports = (service?.spec?.ports ?? []).map((port) => port.port);
  if (JSON.stringify(ports) !== JSON.stringify([4222])) problems.push('Service/nats: must offer the client port only');
  return problems;
}
