import type { ServiceDescriptor } from '@memories/nest-common';
import { type NotifyConfig, loadNotifyConfig } from './config/notify.config';
import { NOTIFY_MIGRATIONS } from './database/notify.migrations';
import { NotifyServiceModule, NOTIFY_SCHEMA } from './notify-service.module';

export const notifyServiceDescriptor: ServiceDescriptor<NotifyConfig> = {
  name: 'notify',
  loadConfig: loadNotifyConfig,
  createModule: (config) => NotifyServiceModule.forRoot(config),
  database: { schema: NOTIFY_SCHEMA, migrations: NOTIFY_MIGRATIONS },
};
