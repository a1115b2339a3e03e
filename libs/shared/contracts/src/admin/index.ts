export * from './instance-admin-messages';
export * from './instance-admin-subjects';
export * from './instance-admin';
