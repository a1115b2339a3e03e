export { NotifyServiceModule, NOTIFY_SCHEMA } from './notify-service.module';
export { NotifyConfig, loadNotifyConfig } from './config/notify.config';
export { NOTIFY_MIGRATIONS } from './database/notify.migrations';
export { notifyServiceDescriptor } from './notify.service-descriptor';
export { NOTIFY_JOB_SCHEMA } from './delivery/delivery-queue';
