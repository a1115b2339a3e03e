import './telemetry';
import { Logger } from '@nestjs/common';
import { configureServiceLogging, runMain } from '@memories/nest-common';
import { loadGatewayConfig } from './config/gateway.config';
import { createGatewayApp } from './gateway.app';

runMain(async () => {
  const config = loadGatewayConfig(process.env);
  configureServiceLogging({ service: 'gateway', level: config.LOG_LEVEL, format: config.LOG_FORMAT });
  // The gateway's port is reached from outside only through the proxy or Ingress, which route /api alone.
  const app = await createGatewayApp(config, { metrics: { token: config.METRICS_TOKEN, localOnly: false } });
  app.enableShutdownHooks();
  await app.listen(config.PORT, config.HOST);
  new Logger('gateway').log(`gateway ready on http://${config.HOST}:${config.PORT}/api (bus ${config.BUS_TRANSPORT})`);
});
