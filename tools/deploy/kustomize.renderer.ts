/**
 * Renders a kustomization offline, with the kustomize built into kubectl (`kubectl kustomize`) or the standalone
 * `kustomize build`. No npm package ships kustomize, so one of the two must be on PATH; the error says which.
 */
import { spawnSync } from 'node:child_process';

/** kustomize v5 is the first with `labels`, components and the `replicas` field as this repository uses them. */
const minimumKustomizeMajor = 5;

export interface KustomizeTool {
  description: string;
  command: string;
  args: (directory: string) => string[];
}

const candidates: KustomizeTool[] = [
  { description: 'kubectl kustomize', command: 'kubectl', args: (directory) => ['kustomize', directory] },
  { description: 'kustomize build', command: 'kustomize', args: (directory) => ['build', directory] },
];

const installHint =
  `Rendering the Kubernetes manifests needs kustomize v${minimumKustomizeMajor}+: install kubectl 1.27 or newer ` +
  "(it bundles kustomize; Debian's own kubernetes-client is too old) or the standalone kustomize binary, and put it on PATH.";

function kustomizeMajor(tool: KustomizeTool): number | undefined {
  const args = tool.command === 'kubectl' ? ['version', '--client', '-o', 'json'] : ['version'];
  const result = spawnSync(tool.command, args, { encoding: 'utf8' });
  if (result.error || result.status !== 0) return undefined;
  const version = tool.command === 'kubectl' ? JSON.parse(result.stdout).kustomizeVersion : result.stdout;
  const match = /v?(\d+)\./.exec(String(version ?? ''));
  return match ? Number(match[1]) : undefined;
}

let cachedTool: KustomizeTool | undefined;

/** The first usable kustomize on PATH; throws with what to install when there is none. */
export function findKustomizeTool(): KustomizeTool {
  if (cachedTool) return cachedTool;
  const found: string[] = [];
  for (const tool of candidates) {
    const major = kustomizeMajor(tool);
    if (major === undefined) continue;
    if (major >= minimumKustomizeMajor) {
      cachedTool = tool;
      return tool;
    }
    found.push(`${tool.description} bundles kustomize v${major}`);
  }
  throw new Error([installHint, ...found].join(' '));
}

/** The rendered YAML stream of the kustomization in `directory`; a kustomize error throws with its message. */
export function renderKustomization(directory: string): string {
  const tool = findKustomizeTool();
  const result = spawnSync(tool.command, tool.args(directory), { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.error) throw result.error;
  if (result.status !== 0) {
    throw new Error(`${tool.description} ${directory} failed: ${result.stderr.trim()}`);
  }
  return result.stdout;
}
