/**
 * Static checks of an image description against the repository it builds from: what it copies exists and is in
 * the build context, the Nx project it builds exists and has a build target, and the runtime stage runs the built
 * entry point as a non-root user, on the port and with the health check the brief fixes.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { BackendService, FrontEndApp } from './deploy-topology';
import { healthPaths, staticHealthPath, staticServerPort } from './deploy-topology';
import { isDockerIgnored } from './docker-ignore.util';
import { runtimeConfigDir, staticServerImage } from './dockerfile-templates';
import type { DockerInstruction, DockerStage } from './dockerfile.parser';
import { commandWords, dockerStages, parseCopy, parseDockerfile } from './dockerfile.parser';
import type { WorkspacePackage } from './workspace-packages.util';
import { workspaceDependencyClosure } from './workspace-packages.util';

export interface DockerfileCheckContext {
  repoRoot: string;
  /** Rules of the root .dockerignore (the build context is the repository root). */
  dockerignore: string[];
  workspaces: WorkspacePackage[];
}

interface ParsedDockerfile {
  stages: DockerStage[];
  runtime: DockerStage;
  /** Defaults of the ARGs declared before the first FROM. */
  buildArgs: Map<string, string>;
}

function parse(text: string): ParsedDockerfile | string {
  const instructions = parseDockerfile(text);
  const stages = dockerStages(instructions);
  if (stages.length < 2) return 'a multi-stage build needs at least a build stage and a runtime stage';
  const buildArgs = new Map<string, string>();
  for (const instruction of instructions) {
    if (instruction.keyword === 'FROM') break;
    const match = /^([A-Za-z_][A-Za-z0-9_]*)=(\S+)$/.exec(instruction.args);
    if (instruction.keyword === 'ARG' && match) buildArgs.set(match[1], match[2]);
  }
  return { stages, runtime: stages[stages.length - 1], buildArgs };
}

const instructionsOf = (stage: DockerStage, keyword: string): DockerInstruction[] =>
  stage.instructions.filter((instruction) => instruction.keyword === keyword);

function substituteArgs(value: string, buildArgs: Map<string, string>): string {
  return value.replace(/\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?/g, (whole, name: string) => buildArgs.get(name) ?? whole);
}

/** Copies from the build context name files that exist and that .dockerignore keeps; `--from` names a stage. */
function checkCopies(parsed: ParsedDockerfile, context: DockerfileCheckContext): string[] {
  const problems: string[] = [];
  const stageNames = new Set<string>();
  for (const stage of parsed.stages) {
    for (const instruction of stage.instructions.filter((candidate) => ['COPY', 'ADD'].includes(candidate.keyword))) {
      const copy = parseCopy(instruction);
      if (copy.from !== undefined) {
        if (!stageNames.has(copy.from))
          problems.push(`line ${instruction.line}: COPY --from=${copy.from} names no earlier stage`);
        continue;
      }
      for (const source of copy.sources.filter((candidate) => candidate !== '.')) {
        if (!existsSync(path.join(context.repoRoot, source)))
          problems.push(`line ${instruction.line}: ${source} does not exist`);
        else if (isDockerIgnored(source, context.dockerignore))
          problems.push(`line ${instruction.line}: ${source} is excluded by .dockerignore`);
      }
    }
    if (stage.name) stageNames.add(stage.name);
  }
  return problems;
}

/** The stage that runs `nx run <project>:build`, and that the project exists with a build script. */
function checkBuild(
  parsed: ParsedDockerfile,
  project: { dir: string; nxProject: string },
  context: DockerfileCheckContext,
): string[] {
  const runs = parsed.stages.flatMap((stage) => instructionsOf(stage, 'RUN'));
  if (!runs.some((run) => run.args.includes(`nx run ${project.nxProject}:build`))) {
    return [`no stage runs \`nx run ${project.nxProject}:build\``];
  }
  const workspace = context.workspaces.find((candidate) => candidate.dir === project.dir);
  if (!workspace) return [`${project.dir} is not an npm workspace with a package.json`];
  const problems: string[] = [];
  if (workspace.nxProject !== project.nxProject)
    problems.push(`${project.dir} is Nx project ${workspace.nxProject}, not ${project.nxProject}`);
  if (!workspace.scripts.build) problems.push(`${project.dir}/package.json has no build script`);
  const copiesDist = parsed.runtime.instructions.some(
    (instruction) =>
      instruction.keyword === 'COPY' && parseCopy(instruction).sources.includes(`/app/${project.dir}/dist`),
  );
  if (!copiesDist) problems.push(`the runtime stage does not copy /app/${project.dir}/dist from the build`);
  return problems;
}

function exposedPorts(stage: DockerStage): string[] {
  return instructionsOf(stage, 'EXPOSE').flatMap((instruction) => instruction.args.split(/\s+/));
}

function healthcheckText(stage: DockerStage): string {
  return instructionsOf(stage, 'HEALTHCHECK')
    .map((instruction) => instruction.args)
    .join(' ');
}

export function checkServiceDockerfile(
  text: string,
  service: BackendService,
  context: DockerfileCheckContext,
): string[] {
  const parsed = parse(text);
  if (typeof parsed === 'string') return [parsed];
  const { runtime } = parsed;
  const problems = [...checkCopies(parsed, context), ...checkBuild(parsed, service, context)];

  const user = instructionsOf(runtime, 'USER').at(-1)?.args.split(':')[0];
  if (!user || user === 'root' || user === '0') problems.push('the runtime stage must switch to a non-root USER');
  else if (!/^\d+$/.test(user))
    problems.push(`USER ${user}: give the uid as a number so that Kubernetes can verify runAsNonRoot`);

  if (!exposedPorts(runtime).includes(String(service.port)))
    problems.push(`the runtime stage must EXPOSE ${service.port}`);
  const env = instructionsOf(runtime, 'ENV')
    .map((instruction) => instruction.args)
    .join(' ');
  if (!new RegExp(`\\bPORT=${service.port}\\b`).test(env))
    problems.push(`the runtime stage must default PORT to ${service.port}`);
  if (!/\bHOST=0\.0\.0\.0\b/.test(env)) problems.push('the runtime stage must listen on HOST=0.0.0.0');
  if (!healthcheckText(runtime).includes(healthPaths.ready)) problems.push(`HEALTHCHECK must ask ${healthPaths.ready}`);

  const cmd = instructionsOf(runtime, 'CMD').at(-1);
  const entry = `${service.dir}/dist/main.js`;
  if (!cmd || commandWords(cmd.args).join(' ') !== `node ${entry}`) problems.push(`CMD must be ["node", "${entry}"]`);
  if (!existsSync(path.join(context.repoRoot, service.dir, 'src', 'main.ts'))) {
    problems.push(`${service.dir}/src/main.ts (built to ${entry}) does not exist`);
  }

  const deps = parsed.stages.flatMap((stage) => instructionsOf(stage, 'RUN')).map((run) => run.args);
  if (!deps.some((run) => run.includes('npm ci --omit=dev') && run.includes(`--workspace ${service.dir}`))) {
    problems.push(
      `no stage installs only the production dependencies of ${service.dir} (npm ci --omit=dev --workspace ${service.dir})`,
    );
  }
  // The runtime copies every built library (libs/*/*/dist) and resolves it through the package's "main".
  const workspace = context.workspaces.find((candidate) => candidate.dir === service.dir);
  for (const library of workspace ? workspaceDependencyClosure(workspace, context.workspaces) : []) {
    if (!library.dir.startsWith('libs/'))
      problems.push(`${service.dir} depends on ${library.name}, which is not a library`);
    else if (library.main !== 'dist/index.js' || !library.scripts.build) {
      problems.push(
        `${library.name} must build to its "main" dist/index.js for ${service.name} to load it at run time`,
      );
    }
  }
  return problems;
}

export function checkStaticAppDockerfile(text: string, app: FrontEndApp, context: DockerfileCheckContext): string[] {
  const parsed = parse(text);
  if (typeof parsed === 'string') return [parsed];
  const { runtime } = parsed;
  const problems = [...checkCopies(parsed, context), ...checkBuild(parsed, app, context)];

  if (substituteArgs(runtime.baseImage, parsed.buildArgs) !== staticServerImage) {
    problems.push(`the runtime stage must be ${staticServerImage} (non-root nginx on ${staticServerPort})`);
  }
  if (!exposedPorts(runtime).includes(String(staticServerPort)))
    problems.push(`the runtime stage must EXPOSE ${staticServerPort}`);
  if (!healthcheckText(runtime).includes(`:${staticServerPort}${staticHealthPath}`))
    problems.push(`HEALTHCHECK must ask ${staticHealthPath}`);

  const copies = instructionsOf(runtime, 'COPY').map(parseCopy);
  const htmlDir = `/usr/share/nginx/html${app.publicPath}`;
  if (!copies.some((copy) => copy.destination === htmlDir && copy.sources.includes(`/app/${app.dir}/dist`))) {
    problems.push(`the built files must be copied to ${htmlDir} (the path they have on the public origin)`);
  }
  const nginxConfig = copies.find((copy) => copy.destination === '/etc/nginx/conf.d/default.conf')?.sources[0];
  if (!nginxConfig) problems.push('no nginx configuration is copied to /etc/nginx/conf.d/default.conf');
  if (app.kind === 'shell') {
    if (!copies.some((copy) => copy.destination === `${runtimeConfigDir}/remotes.json`)) {
      problems.push(`the shell image must carry a default ${runtimeConfigDir}/remotes.json`);
    }
    const config =
      nginxConfig && existsSync(path.join(context.repoRoot, nginxConfig))
        ? readFileSync(path.join(context.repoRoot, nginxConfig), 'utf8')
        : '';
    if (!config.includes(`alias ${runtimeConfigDir}/remotes.json;`))
      problems.push(`the shell's nginx must serve /remotes.json from ${runtimeConfigDir}`);
  }
  return problems;
}
