import type { LoggerService } from '@nestjs/common';
import type { Level, Logger } from 'pino';
import { processLogger } from './process-logger';

/**
 * Nest's logger interface over the process' pino logger, so that Nest's own lines and every `new Logger(context)` of
 * ours come out in one format. Nest passes the context name last, and for an error the stack before it.
 */
export class NestPinoLogger implements LoggerService {
  constructor(private readonly logger: () => Logger = processLogger) {}

  log(message: unknown, ...params: unknown[]): void {
    this.write('info', message, params);
  }

  error(message: unknown, ...params: unknown[]): void {
    this.write('error', message, params, true);
  }

  warn(message: unknown, ...params: unknown[]): void {
    this.write('warn', message, params);
  }

  debug(message: unknown, ...params: unknown[]): void {
    this.write('debug', message, params);
  }

  verbose(message: unknown, ...params: unknown[]): void {
    this.write('trace', message, params);
  }

  fatal(message: unknown, ...params: unknown[]): void {
    this.write('fatal', message, params, true);
  }

  private write(level: Level, message: unknown, params: unknown[], withStack = false): void {
    const logger = this.logger();
    if (!logger.isLevelEnabled(level)) return;
    const context = params.length > 0 && typeof params[params.length - 1] === 'string' ? params.at(-1) : undefined;
    const stack = withStack && params.length > 1 && typeof params[0] === 'string' ? params[0] : undefined;
    const fields: Record<string, unknown> = {};
    if (context !== undefined) fields.context = context;
    if (stack !== undefined) fields.stack = stack;
    if (message instanceof Error) {
      fields.err = message;
      logger[level](fields, message.message);
    } else if (typeof message === 'object' && message !== null) {
      logger[level]({ ...fields, ...message });
    } else {
      logger[level](fields, String(message));
    }
  }
}
