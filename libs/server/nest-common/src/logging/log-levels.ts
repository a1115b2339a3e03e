import type { LogLevel } from '@nestjs/common';

/** From the most to the least severe: `LOG_LEVEL=warn` enables fatal, error and warn. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'log', 'debug', 'verbose'] as const satisfies readonly LogLevel[];

/** `json`: one JSON object a line, for a log collector (containers, the split services); `pretty`: for a person. */
export const LOG_FORMATS = ['json', 'pretty'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

/** Pino's name of each of Nest's levels (LOG_LEVEL keeps Nest's names, which the configuration always used). */
export const PINO_LEVEL_OF = {
  fatal: 'fatal',
  error: 'error',
  warn: 'warn',
  log: 'info',
  debug: 'debug',
  verbose: 'trace',
} as const satisfies Record<LogLevel, string>;
