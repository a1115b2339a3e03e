export * from './text-safety';
