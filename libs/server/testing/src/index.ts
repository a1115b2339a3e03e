export { getFreePort } from './free-port';
export { startTestPostgres } from './test-postgres';
export type { TestPostgres } from './test-postgres';
export { NATS_SERVER_INSTALL_COMMAND, findNatsServer, startNatsServer } from './nats-server';
export type { TestNatsServer } from './nats-server';
export { connectBusProbe } from './bus-probe';
export type { BusProbe } from './bus-probe';
export { describeServiceBasics } from './service-suite';
