/** The Dockerfile of every deployable part: generated from the template, and consistent with the repository. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { DockerfileCheckContext } from './dockerfile-consistency.check';
import { checkServiceDockerfile, checkStaticAppDockerfile } from './dockerfile-consistency.check';
import { backendServices, frontEndApps, notDeployedServiceDirs, repoRoot } from './deploy-topology';
import { renderServiceDockerfile, renderStaticAppDockerfile } from './dockerfile-templates';
import { parseDockerignore } from './docker-ignore.util';
import { readWorkspacePackages } from './workspace-packages.util';

const dockerfileOf = (dir: string) => readFileSync(path.join(repoRoot, dir, 'Dockerfile'), 'utf8');
const context = (): DockerfileCheckContext => ({
  repoRoot,
  dockerignore: parseDockerignore(readFileSync(path.join(repoRoot, '.dockerignore'), 'utf8')),
  workspaces: readWorkspacePackages(repoRoot),
});
const subfolders = (parent: string) =>
  readdirSync(path.join(repoRoot, parent), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `${parent}/${entry.name}`);
const gateway = backendServices[0];
const landing = frontEndApps.find((app) => app.kind === 'remote');

describe('Dockerfiles', () => {
  it('exist for every service and every front-end app in the repository', () => {
    const deployed = [...backendServices, ...frontEndApps].map((part) => part.dir).sort();
    const inRepository = ['shell', ...subfolders('remotes'), ...subfolders('services')]
      .filter((dir) => !notDeployedServiceDirs.includes(dir))
      .sort();
    expect(deployed).toEqual(inRepository);
    expect(deployed.filter((dir) => !existsSync(path.join(repoRoot, dir, 'Dockerfile')))).toEqual([]);
  });

  it.each(backendServices.map((service) => [service.dir, service] as const))(
    '%s is the rendered template and agrees with the repository',
    (_dir, service) => {
      expect(dockerfileOf(service.dir)).toBe(renderServiceDockerfile(service));
      expect(checkServiceDockerfile(dockerfileOf(service.dir), service, context())).toEqual([]);
    },
  );

  it.each(frontEndApps.map((app) => [app.dir, app] as const))(
    '%s is the rendered template and agrees with the repository',
    (_dir, app) => {
      expect(dockerfileOf(app.dir)).toBe(renderStaticAppDockerfile(app));
      expect(checkStaticAppDockerfile(dockerfileOf(app.dir), app, context())).toEqual([]);
    },
  );
});

describe('the Dockerfile checks', () => {
  it('report a copied file that does not exist and one .dockerignore leaves out', () => {
    const broken = renderServiceDockerfile(gateway).replace(
      'COPY . .\nRUN npx',
      'COPY tools/deploy/missing.conf k8s/base/kustomization.yaml ./\nRUN npx',
    );
    expect(checkServiceDockerfile(broken, gateway, context())).toEqual([
      expect.stringMatching(/^line \d+: tools\/deploy\/missing\.conf does not exist$/),
      expect.stringMatching(/^line \d+: k8s\/base\/kustomization\.yaml is excluded by \.dockerignore$/),
    ]);
  });

  it('report a service image that runs as root, on another port, with another entry point', () => {
    const broken = renderServiceDockerfile(gateway)
      .replace('USER 1000:1000', 'USER root')
      .replace('EXPOSE 3000', 'EXPOSE 8080')
      .replace('dist/main.js"]', 'dist/index.js"]');
    expect(checkServiceDockerfile(broken, gateway, context())).toEqual([
      'the runtime stage must switch to a non-root USER',
      'the runtime stage must EXPOSE 3000',
      'CMD must be ["node", "services/gateway/dist/main.js"]',
    ]);
  });

  it('report a build of a project that does not exist', () => {
    const broken = renderServiceDockerfile(gateway).replace('nx run gateway:build', 'nx run gateways:build');
    expect(checkServiceDockerfile(broken, gateway, context())).toEqual(['no stage runs `nx run gateway:build`']);
  });

  it('report a front-end image that serves its files under another path', () => {
    if (!landing) throw new Error('the topology has no remote');
    const broken = renderStaticAppDockerfile(landing).replace(
      '/usr/share/nginx/html/remotes/landing/',
      '/usr/share/nginx/html/',
    );
    expect(checkStaticAppDockerfile(broken, landing, context())).toEqual([
      'the built files must be copied to /usr/share/nginx/html/remotes/landing/ (the path they have on the public origin)',
    ]);
  });
});
