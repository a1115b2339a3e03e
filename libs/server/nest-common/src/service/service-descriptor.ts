import type { DynamicModule } from '@nestjs/common';
import type { ServiceName } from '@memories/contracts';
import type { Environment } from '../config/validate-config';
import type { DatabaseServerConfig } from '../config/server.config';
import type { ServiceDatabaseOptions } from '../database/data-source.factory';

/**
 * Everything needed to run a back-end service, alone (its `main.ts`) or composed with the others in one process
 * (the standalone): the same module and migrations in both cases.
 */
export interface ServiceDescriptor<TConfig extends DatabaseServerConfig = DatabaseServerConfig> {
  name: ServiceName;
  loadConfig(env: Environment): TConfig;
  createModule(config: TConfig): DynamicModule;
  database: Pick<ServiceDatabaseOptions, 'schema' | 'migrations' | 'entities' | 'afterMigrations'>;
  /**
   * Handle every message in its request's scope, also without tracing, for a service whose handlers log where no
   * request is at hand (see ReceivedMessages).
   */
  scopeEveryMessage?: boolean;
}
