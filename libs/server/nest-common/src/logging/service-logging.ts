import { Logger } from '@nestjs/common';
import { NestPinoLogger } from './nest-pino.logger';
import { configureLogging, type LoggingOptions } from './process-logger';

/**
 * Sets up a process' one logger (pino) and routes Nest's own logger through it, so every line of the process, Nest's
 * and ours, has one format. Called once by each entry point with its validated configuration.
 */
export function configureServiceLogging(options: LoggingOptions): void {
  configureLogging(options);
  Logger.overrideLogger(new NestPinoLogger());
}
