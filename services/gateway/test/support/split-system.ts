import { startNatsServer, startTestPostgres, type TestNatsServer, type TestPostgres } from '@memories/server-testing';
import { createGatewayApp, loadGatewayConfig } from '../../src';
import { startMemoriesSystem, type MemoriesSystem, type MemoriesSystemOptions } from './memories-system';

export interface GatewayReplica {
  /** http://127.0.0.1:<port>/api */
  api: string;
  close(): Promise<void>;
}

/** The whole system on a database of its own and a nats-server where each part signs in as itself. */
export interface SplitSystem extends MemoriesSystem {
  postgres: TestPostgres;
  nats: TestNatsServer;
  /**
   * Another gateway, in this test's process, on the same bus as the system's (a second replica behind the proxy):
   * what one replica keeps to itself and what all of them share. `env` adds to or overrides its settings.
   */
  startGatewayReplica(env?: Record<string, string>): Promise<GatewayReplica>;
  /** Stops the processes, then nats-server and the database. */
  stop(): Promise<void>;
}

/**
 * What most suites of the split system start before their tests: a test database, a secured nats-server and the
 * gateway with the four services on them (5 s bus timeout); `env` adds settings to single processes.
 */
export async function startSplitSystem(options: Pick<MemoriesSystemOptions, 'env'> = {}): Promise<SplitSystem> {
  const [postgres, nats] = await Promise.all([startTestPostgres(), startNatsServer({ secured: true })]);
  const stopInfrastructure = () => Promise.all([nats.stop(), postgres.stop()]).then(() => undefined);
  try {
    const system = await startMemoriesSystem({
      natsUrl: nats.url,
      databaseUrl: postgres.url,
      busTimeoutMs: 5000,
      credentialsOf: nats.credentialsOf,
      env: options.env,
    });
    return {
      ...system,
      postgres,
      nats,
      startGatewayReplica: async (env = {}) => {
        const app = await createGatewayApp(
          loadGatewayConfig({
            NATS_URL: nats.url,
            ...nats.credentialsOf('gateway'),
            LOG_LEVEL: 'fatal',
            AUTH_JWT_PUBLIC_KEY: system.publicKey,
            TRUST_PROXY_HOPS: '0',
            ...env,
          }),
        );
        await app.listen(0, '127.0.0.1');
        return { api: `${await app.getUrl()}/api`, close: () => app.close() };
      },
      stop: async () => {
        await system.stop();
        await stopInfrastructure();
      },
    };
  } catch (error) {
    await stopInfrastructure();
    throw error;
  }
}
