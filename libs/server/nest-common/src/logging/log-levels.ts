import type { LogLevel } from '@nestjs/common';

/** From the most to the least severe: `LOG_LEVEL=warn` enables fatal, error and warn. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'log', 'debug', 'verbose'] as const satisfies readonly LogLevel[];

export function enabledLogLevels(level: LogLevel): LogLevel[] {
  return LOG_LEVELS.slice(0, LOG_LEVELS.indexOf(level as (typeof LOG_LEVELS)[number]) + 1);
}
