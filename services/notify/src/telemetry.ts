// The first import of main.ts: when tracing is configured it must wrap `http` and `pg` before anything loads them.
import { startTelemetry } from '@memories/nest-common/telemetry';

startTelemetry('memories-notify');
