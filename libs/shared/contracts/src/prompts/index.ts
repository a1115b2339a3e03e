export * from './personal-template';
export * from './prompt.types';
