import { ServerConfig, validateConfig, type Environment } from '@memories/nest-common';

/** Environment of the gateway, validated at boot. */
export class GatewayConfig extends ServerConfig {
  override PORT: number = 3000;
}

export function loadGatewayConfig(env: Environment): GatewayConfig {
  return validateConfig(GatewayConfig, env);
}
