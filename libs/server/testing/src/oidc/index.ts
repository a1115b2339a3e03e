/** The test OpenID provider alone (`@memories/server-testing/oidc`), for suites that run outside Jest (Playwright). */
export { getFreePort } from '../free-port';
export { startTestOidcProvider } from './test-oidc-provider';
export type {
  IdTokenTamper,
  TestOidcAccount,
  TestOidcClient,
  TestOidcProvider,
  TestOidcProviderOptions,
} from './test-oidc-provider';
export { signInAtProvider } from './provider-sign-in';
export type { ProviderSignIn } from './provider-sign-in';
