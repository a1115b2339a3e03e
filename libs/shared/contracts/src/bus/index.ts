export * from './bus-permissions';
export * from './bus-request-map';
export * from './message-envelope';
export * from './subjects';
