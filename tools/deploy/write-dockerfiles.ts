/** Writes every app's and service's Dockerfile from the templates (`npx nx run tools:write-dockerfiles`). */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { backendServices, frontEndApps, repoRoot } from './deploy-topology';
import { renderServiceDockerfile, renderStaticAppDockerfile } from './dockerfile-templates';

const outputs = [
  ...backendServices.map((service) => ({ dir: service.dir, text: renderServiceDockerfile(service) })),
  ...frontEndApps.map((app) => ({ dir: app.dir, text: renderStaticAppDockerfile(app) })),
];

for (const { dir, text } of outputs) {
  writeFileSync(path.join(repoRoot, dir, 'Dockerfile'), text);
  console.log(`wrote ${dir}/Dockerfile`);
}
