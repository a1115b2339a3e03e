/** Rewrites the `authorization` block of the deployed NATS settings from the bus grants (`npx nx run tools:write-nats-config`). */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { deployedNatsConfigPath, expectedNatsConfig } from './nats-config';
import { repoRoot } from './deploy-topology';

writeFileSync(deployedNatsConfigPath, expectedNatsConfig());
console.log(`wrote ${path.relative(repoRoot, deployedNatsConfigPath)}`);
