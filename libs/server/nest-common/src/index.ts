export { DomainError } from './errors/domain.error';
export { OperatorError } from './errors/operator.error';
export { INTERNAL_ERROR_MESSAGE, isRpcErrorPayload, toRpcErrorPayload } from './errors/rpc-error.util';
export { RpcDomainExceptionFilter } from './errors/rpc-exception.filter';
export { VALIDATION_OPTIONS, createValidationPipe, toFieldViolations } from './validation/validation.preset';
export type { FieldViolation } from './validation/validation.preset';
export { ConfigValidationError } from './config/config-validation.error';
export { FILE_VARIABLE_SUFFIX, validateConfig } from './config/validate-config';
export type { Environment } from './config/validate-config';
export {
  BUS_TRANSPORTS,
  DatabaseServerConfig,
  IsBooleanVariable,
  IsIntegerBetween,
  IsPostgresUrl,
  ProcessConfig,
  ServerConfig,
} from './config/server.config';
export type { BusTransport } from './config/server.config';
export { LOG_FORMATS, LOG_LEVELS } from './logging/log-levels';
export type { LogFormat } from './logging/log-levels';
export { configureServiceLogging } from './logging/service-logging';
export { NestPinoLogger } from './logging/nest-pino.logger';
export { processLogger } from './logging/process-logger';
export { currentRequestScope, runInRequestScope } from './logging/request-scope';
export { errorText, lineOf } from './logging/request-line';
export type { RequestLogLine } from './logging/request-line';
export type { RequestScope } from './logging/request-scope';
export { METRICS_PATH, registerMetricsRoute } from './metrics/metrics-route';
export type { MetricsAccess } from './metrics/metrics-route';
export { metricsRegistry } from './metrics/metrics-registry';
export { countJobFailure, measureJobQueue } from './metrics/job-queue.metrics';
export { observeHttpRequests } from './http/request-observability';
export { currentTraceCarrier, inQueuedJobSpan, outsideAnyTrace } from './telemetry/trace-context';
export type { TraceCarrier } from './telemetry/trace-context';
export { isTracingEnabled } from './telemetry/tracing-switch';
export { InProcessBroker, processBroker } from './bus/in-process/in-process-broker';
export { InProcessServer, IN_PROCESS_TRANSPORT } from './bus/in-process/in-process.server';
export { InProcessClient } from './bus/in-process/in-process.client';
export { InProcessContext } from './bus/in-process/in-process.context';
export { NatsQueueServer } from './bus/nats/nats-queue.server';
export { NatsRequestClient } from './bus/nats/nats-request.client';
export { MAX_BUS_REQUEST_TIMEOUT_MS, busOptionsFrom } from './bus/bus-options';
export { natsConnectionOptions, natsSecurityFrom } from './bus/nats/nats-connection.options';
export type { NatsSecurity } from './bus/nats/nats-connection.options';
export type { BusOptions, BusRequestOptions } from './bus/bus-options';
export { createBusClient, createBusServer } from './bus/bus-transport.factory';
export { sendRequest } from './bus/send-request';
export { BusClient, type JsonText } from './bus/bus.client';
export { BusEventPublisher, EVENT_BUS_CLIENT, eventPublisherProviders } from './bus/bus-event-publisher';
export { BusModule } from './bus/bus.module';
export { BusHandler } from './bus/bus-handler.decorator';
export { EmptyEnvelopeDto, EnvelopeDto, HealthCheckEnvelopeDto } from './bus/envelope.dto';
export {
  DEFAULT_RESTORE_HINT,
  assertNoNewerMigrations,
  createDataSourceOptions,
  inspectMigrations,
  knownMigrationNames,
  migrateDatabase,
} from './database/data-source.factory';
export { NewerReleaseDataError, migrationNameOf, readMigrationState } from './database/migration-state';
export type { MigrationState } from './database/migration-state';
export type { ServiceDatabaseOptions } from './database/data-source.factory';
export { createSchemaMigration } from './database/create-schema.migration';
export { shareOneDatabasePool } from './database/shared-pool';
export { HealthModule } from './health/health.module';
export { ServiceHealthService } from './health/service-health.service';
export { ServiceCoreModule } from './service/service-core.module';
export type { ServiceDescriptor } from './service/service-descriptor';
export {
  bootstrapService,
  migrateService,
  runServiceMigrations,
  startInProcessService,
} from './service/bootstrap-service';
export { runMain } from './service/run-main';
export { EmbeddedPostgresManager, runningPostgresPort } from './postgres/embedded-postgres.manager';
export { APP_ROLE, embeddedPostgresUrl } from './postgres/embedded-postgres.credentials';
export type { EmbeddedPostgresManagerOptions } from './postgres/embedded-postgres.manager';
export { isPortInUse, isProcessAlive } from './postgres/process.util';
export { IsEs256KeyVariable, IsEs256PemKey, normalisePem, parseEs256Key } from './keys/pem-key.validator';
export type { PemKeyKind } from './keys/pem-key.validator';
export { generateEs256KeyPair, loadOrCreateEs256KeyPair } from './keys/es256-key-pair';
export type { PemKeyPair } from './keys/es256-key-pair';
export { generateVapidKeyPair, loadOrCreateVapidKeyPair } from './keys/vapid-key-pair';
export type { VapidKeyPair } from './keys/vapid-key-pair';
export { rowsOf } from './database/query-rows.util';
export { statementName } from './database/named-statement';
export { CORRELATION_ID_HEADER, correlationIdOf } from './http/correlation-id';
export { IS_PUBLIC_KEY, Public } from './http/public.decorator';
export { replyToClientError, replyToFrameworkError } from './http/framework-error.reply';
export { toErrorResponse, type ErrorResponse } from './http/error-response';
export { codeForHttpStatus, httpStatusForCode } from './http/error-status';
export { CleanText, cleanStrings, requireSafeText, unsafeTextErrors } from './validation/safe-text';
export {
  AccountDeletionFollower,
  FOLLOW_INTERVAL_MS,
  FOLLOW_RETRY_MS,
  FOLLOW_START_DELAY_MS,
  followedAccountDeletionsTable,
} from './accounts/account-deletion-follower';
export { BackgroundWork, type BackgroundWorkOptions } from './service/background-work';
export { createAccountDeletionHandler, UserDeletedEnvelopeDto } from './accounts/account-deletion.handler';
export { ACCOUNT_STATUS_TTL_MS, AccountStatusReader, accountStatusProviders } from './accounts/account-status.reader';
export { createJobQueue } from './jobs/job-queue';
export type { JobQueueOptions } from './jobs/job-queue';
export {
  PersonalAccessTokenVerifier,
  TOKEN_CACHE_TTL_MS,
  isPersonalAccessToken,
} from './tokens/personal-access-token.verifier';
export type { TokenAccess } from './tokens/personal-access-token.verifier';
export { MailConfig } from './config/mail.config';
export { MailSender } from './mail/mail.sender';
export type { MailRecipient, OutgoingMail } from './mail/mail.sender';
export { createMailSender } from './mail/create-mail-sender';
