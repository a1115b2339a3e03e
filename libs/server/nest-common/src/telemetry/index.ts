// The entry point a process imports before anything else (`@memories/nest-common/telemetry`): it must not load
// `pg` or `http` users before the instrumentations are registered, so it is not part of the package's main index.
export { startTelemetry } from './start-telemetry';
