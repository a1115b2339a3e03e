export * from './personal-access-tokens';
export * from './token-routes';
