import { Writable } from 'node:stream';
import { context, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { BasicTracerProvider } from '@opentelemetry/sdk-trace-base';
import { NestPinoLogger } from './nest-pino.logger';
import { createLogger, type LoggingOptions } from './process-logger';
import { runInRequestScope } from './request-scope';

function capture(options: Omit<LoggingOptions, 'destination'>) {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  const logger = createLogger({ ...options, destination });
  return { logger, lines, json: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>) };
}

describe('the process logger', () => {
  it('writes JSON lines with time, level, service and message', () => {
    const { logger, json } = capture({ service: 'memory', level: 'log', format: 'json' });
    logger.info('ready');
    const [line] = json();
    expect(line).toMatchObject({ level: 'info', service: 'memory', msg: 'ready' });
    expect(new Date(line.time as string).toISOString()).toBe(line.time);
  });

  it('puts the correlation id and service of the request being handled on each of its lines', () => {
    const { logger, json } = capture({ service: 'memories', level: 'log', format: 'json' });
    runInRequestScope({ correlationId: 'corr-42', service: 'gateway' }, () => logger.warn('slow answer'));
    logger.info('outside');
    expect(json()).toEqual([
      expect.objectContaining({ service: 'gateway', correlation_id: 'corr-42', msg: 'slow answer' }),
      expect.not.objectContaining({ correlation_id: expect.anything() }),
    ]);
  });

  it('puts the trace and span of the active span on the line', () => {
    const contextManager = new AsyncLocalStorageContextManager().enable();
    context.setGlobalContextManager(contextManager);
    try {
      const span = new BasicTracerProvider().getTracer('spec').startSpan('work');
      const { logger, json } = capture({ service: 'memory', level: 'log', format: 'json' });
      context.with(trace.setSpan(context.active(), span), () => logger.info('traced'));
      expect(json()[0]).toMatchObject({
        trace_id: span.spanContext().traceId,
        span_id: span.spanContext().spanId,
      });
      span.end();
    } finally {
      context.disable();
    }
  });

  it('leaves out the lines below the configured level', () => {
    const { logger, lines } = capture({ service: 'auth', level: 'warn', format: 'json' });
    logger.info('chatter');
    logger.debug('more chatter');
    logger.warn('worth a look');
    expect(lines).toHaveLength(1);
  });

  it('replaces secret and personal fields of a logged object, however deep', () => {
    const { logger, lines } = capture({ service: 'auth', level: 'log', format: 'json' });
    logger.info(
      {
        password: 'hunter2-password',
        body: { refreshToken: 'refresh-secret', memory: { title: 'My diary title', contentJson: { text: 'x' } } },
        request: { headers: { authorization: 'Bearer access-secret', cookie: 'memories_refresh=cookie-secret' } },
      },
      'object logged whole',
    );
    for (const secret of ['hunter2-password', 'refresh-secret', 'My diary title', 'access-secret', 'cookie-secret'])
      expect(lines[0]).not.toContain(secret);
    expect(lines[0]).toContain('[redacted]');
  });

  it("logs an error's kind, message and stack, never its other properties (a query's parameters)", () => {
    const { logger, json } = capture({ service: 'memory', level: 'log', format: 'json' });
    const error = Object.assign(new Error('duplicate key'), { code: '23505', parameters: ['the text of a memory'] });
    logger.error({ err: error }, 'insert failed');
    const [line] = json();
    expect(line.err).toEqual({ type: 'Error', message: 'duplicate key', error_code: '23505', stack: error.stack });
    expect(JSON.stringify(line)).not.toContain('the text of a memory');
  });

  it('writes one readable line a message in the pretty format', () => {
    const { logger, lines } = capture({ service: 'memories', level: 'log', format: 'pretty' });
    runInRequestScope({ correlationId: 'corr-7', service: 'memory' }, () => logger.info({ context: 'Sweep' }, 'done'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: \[memory Sweep\] done \| correlation corr-7$/);
  });
});

describe("Nest's logger over pino", () => {
  it("turns Nest's calls (context last, an error's stack before it) into fields", () => {
    const { logger, json } = capture({ service: 'memory', level: 'verbose', format: 'json' });
    const nest = new NestPinoLogger(() => logger);
    nest.log('Mapped {/api, GET} route', 'RouterExplorer');
    nest.error('handler failed', 'Error: handler failed\n    at x', 'RpcExceptionFilter');
    nest.verbose('details', 'Spec');
    expect(json()).toEqual([
      expect.objectContaining({ level: 'info', context: 'RouterExplorer', msg: 'Mapped {/api, GET} route' }),
      expect.objectContaining({
        level: 'error',
        context: 'RpcExceptionFilter',
        stack: 'Error: handler failed\n    at x',
        msg: 'handler failed',
      }),
      expect.objectContaining({ level: 'trace', context: 'Spec', msg: 'details' }),
    ]);
  });
});
