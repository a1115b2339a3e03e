import { context, trace } from '@opentelemetry/api';
import type { LogLevel } from '@nestjs/common';
import pino, { type DestinationStream, type Logger } from 'pino';
import pretty from 'pino-pretty';
import { PINO_LEVEL_OF, type LogFormat } from './log-levels';
import { REDACTED, REDACTED_PATHS, serializeError } from './log-redaction';
import { currentRequestScope } from './request-scope';

export interface LoggingOptions {
  /** The process' service (`gateway`, `memory`, ...; `memories` for `npm start`'s one process). */
  service: string;
  level: LogLevel;
  format: LogFormat;
  /** Where lines go: standard output unless a test says otherwise. */
  destination?: DestinationStream;
}

/**
 * The fields every line carries besides time and level: the service, and while a request or bus message is being
 * handled its correlation id (the `x-correlation-id` the API answered) and, when tracing is on, its trace and span.
 */
function scopeFields(processService: string): () => Record<string, string> {
  return () => {
    const scope = currentRequestScope();
    const span = trace.getSpanContext(context.active());
    const fields: Record<string, string> = { service: scope?.service ?? processService };
    if (scope) fields.correlation_id = scope.correlationId;
    if (span) {
      fields.trace_id = span.traceId;
      fields.span_id = span.spanId;
    }
    return fields;
  };
}

/** For a person: one line each, `[HH:MM:ss.l] LEVEL: [service context] message | correlation id | trace id`. */
function prettyStream(destination: DestinationStream | undefined): DestinationStream {
  return pretty({
    destination: destination ?? 1,
    colorize: Boolean(process.stdout.isTTY),
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname,service,context,correlation_id,trace_id,span_id',
    messageFormat:
      '[{service}{if context} {context}{end}] {msg}{if correlation_id} | correlation {correlation_id}{end}' +
      '{if trace_id} | trace {trace_id}{end}',
    singleLine: true,
    sync: true,
  });
}

export function createLogger(options: LoggingOptions): Logger {
  return pino(
    {
      level: PINO_LEVEL_OF[options.level],
      timestamp: pino.stdTimeFunctions.isoTime,
      // Level names rather than numbers for a collector; pino-pretty reads the numbers.
      formatters: options.format === 'json' ? { level: (label) => ({ level: label }) } : {},
      mixin: scopeFields(options.service),
      redact: { paths: REDACTED_PATHS, censor: REDACTED },
      serializers: { err: serializeError },
    },
    options.format === 'pretty'
      ? prettyStream(options.destination)
      : (options.destination ?? pino.destination({ dest: 1, sync: true })),
  );
}

let configured: Logger | undefined;

/** Sets up the process' one logger (at boot, from the validated configuration); later calls replace it. */
export function configureLogging(options: LoggingOptions): Logger {
  configured = createLogger(options);
  return configured;
}

/** The process' logger; JSON at `log` level for a process that has not configured one (a script, a test). */
export function processLogger(): Logger {
  configured ??= createLogger({ service: 'memories', level: 'log', format: 'json' });
  return configured;
}
