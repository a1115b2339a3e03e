export { getFreePort } from './free-port';
export { startStandalone, stopStandalone, waitForStandalone } from './standalone/standalone-server';
export type { StandaloneOptions, StandaloneServer } from './standalone/standalone-server';
export { waitUntilReady } from './ready-url';
export { SHARED_TEST_POSTGRES_VARIABLE, startSharedTestPostgresServer, startTestPostgres } from './test-postgres';
export type { TestPostgres, TestPostgresOptions, TestPostgresServer } from './test-postgres';
export {
  DEPLOYED_NATS_CONFIG,
  NATS_SERVER_CONFIG,
  NATS_SERVER_INSTALL_COMMAND,
  findNatsServer,
  startNatsServer,
  writeSecuredNatsSettings,
} from './nats-server';
export type { BusPasswords, NatsServerOptions, TestNatsServer } from './nats-server';
export { connectBusProbe } from './bus-probe';
export type { BusProbe } from './bus-probe';
export { strictMock } from './strict-mock';
export type { StrictMock } from './strict-mock';
export { forgedAccessTokens, signTestAccessToken } from './access-token-forgery';
export type { AccessTokenKeys } from './access-token-forgery';
export { describeServiceBasics } from './service-suite';
export type { ServiceBasicsOptions, TextFieldCase } from './service-suite';
export { runNodeScript, startNodeProcess } from './node-process';
export type { NodeProcess } from './node-process';
export { requestAs } from './bus-request';
export { dayOneArchive, forge, jpegBytes, markEncrypted, pngBytes, unzipBytes, writeZip, zipBytes } from './archives';
export type { FixtureEntry } from './archives';
export { countAccountRows, countUserFiles } from './account-footprint';
export { eventually } from './eventually';
export { describeMigrationSafety } from './migration-safety';
export type { MigrationSafetyOptions, SqlRunner } from './migration-safety';
export { ApiContract, documentOfServiceApi } from './api-contract/api-contract';
export type { ApiDocumentLike, ApiExchange } from './api-contract/api-contract';
export { compareRoutesWithDocument, documentedRoutesOf, recordRoutes } from './api-contract/served-routes';
export type { DocumentedRoute, ServedRoute } from './api-contract/served-routes';
export { startWebhookReceiver } from './webhook-receiver';
export type { WebhookReceiver, ReceivedRequest } from './webhook-receiver';
export { startPushReceiver } from './push-receiver';
export type { PushReceiver, ReceivedPush } from './push-receiver';
export { startSmtpReceiver } from './smtp-receiver';
export type { SmtpReceiver } from './smtp-receiver';
export { signInAtProvider, startTestOidcProvider } from './oidc';
export type {
  IdTokenTamper,
  ProviderSignIn,
  TestOidcAccount,
  TestOidcClient,
  TestOidcProvider,
  TestOidcProviderOptions,
} from './oidc';
export { journalKeyEnvelope, sealedImageBytes, sealedMemoryBytes } from './journal-key-envelope';
