export * from './reminder-messages';
export * from './reminder-settings';
export * from './reminder-subjects';
