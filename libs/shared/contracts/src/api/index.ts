export * from './api-description';
export * from './api-response';
export * from './openapi.types';
export * from './pagination';
export * from './service-http-api';
export * from './service-http-apis';
