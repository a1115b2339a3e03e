export * from './health.types';
