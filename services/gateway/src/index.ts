export { GatewayModule } from './gateway.module';
export type { GatewayModuleOptions } from './gateway.module';
export { API_BODY_LIMIT_BYTES, API_PREFIX, configureGatewayApp, createGatewayApp } from './gateway.app';
export { GatewayConfig, loadGatewayConfig } from './config/gateway.config';
