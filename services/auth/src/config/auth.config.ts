import { DatabaseServerConfig, validateConfig, type Environment } from '@memories/nest-common';

/** Environment of the auth service, validated at boot. */
export class AuthConfig extends DatabaseServerConfig {
  override PORT: number = 3001;
}

export function loadAuthConfig(env: Environment): AuthConfig {
  return validateConfig(AuthConfig, env);
}
