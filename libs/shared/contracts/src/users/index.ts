export * from './user-bus-request-map';
export * from './user-errors';
export * from './user-payloads';
export * from './user-subjects';
