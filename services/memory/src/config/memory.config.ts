import { DatabaseServerConfig, validateConfig, type Environment } from '@memories/nest-common';

/** Environment of the memory service, validated at boot. */
export class MemoryConfig extends DatabaseServerConfig {
  override PORT: number = 3002;
}

export function loadMemoryConfig(env: Environment): MemoryConfig {
  return validateConfig(MemoryConfig, env);
}
