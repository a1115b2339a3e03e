export * from './webhook-errors';
export * from './webhook-payloads';
export * from './webhook-subjects';
