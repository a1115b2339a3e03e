import { Logger } from '@nestjs/common';
import { runMain } from '@memories/nest-common';
import { loadGatewayConfig } from './config/gateway.config';
import { createGatewayApp } from './gateway.app';

runMain(async () => {
  const config = loadGatewayConfig(process.env);
  const app = await createGatewayApp(config);
  app.enableShutdownHooks();
  await app.listen(config.PORT, config.HOST);
  new Logger('gateway').log(`gateway ready on http://${config.HOST}:${config.PORT}/api (bus ${config.BUS_TRANSPORT})`);
});
