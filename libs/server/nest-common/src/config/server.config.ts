import 'reflect-metadata';
import { applyDecorators } from '@nestjs/common';
import { Transform, Type } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  Max,
  Min,
  MinLength,
} from 'class-validator';
import type { LogLevel } from '@nestjs/common';
import { LOG_FORMATS, LOG_LEVELS, type LogFormat } from '../logging/log-levels';
import { ExcludesSetting, IsReadableFile, RequiresSetting } from './setting.validators';

/** A service's pool in its own process (compose, Kubernetes); `npm start` runs every service in one and uses fewer. */
export const DEFAULT_DATABASE_POOL_SIZE = 10;

export const BUS_TRANSPORTS = ['nats', 'in-process'] as const;
export type BusTransport = (typeof BUS_TRANSPORTS)[number];

/** An integer variable within bounds. The type is registered, hence checked, first: "eighty" is "not an integer". */
export function IsIntegerBetween(min: number, max: number): PropertyDecorator {
  return applyDecorators(
    IsInt(),
    Min(min),
    Max(max),
    Type(() => Number),
  );
}

/** `true` or `false`, as written (an implicit conversion would turn "false" into true). */
export function IsBooleanVariable(): PropertyDecorator {
  return applyDecorators(
    Transform(({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value)),
    IsBoolean({ message: (args) => `${args.property} must be true or false` }),
  );
}

/** A postgres://user:password@host:port/database URL. */
export function IsPostgresUrl(): PropertyDecorator {
  return applyDecorators(
    Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value)),
    Matches(/^postgres(ql)?:\/\/[^\s/]+\/[^\s/?]+(\?\S*)?$/, {
      message: (args) =>
        `${args?.property ?? 'DATABASE_URL'} must be a postgres://user:password@host:port/database URL`,
    }),
  );
}

/** What every process reads: where it listens and how much it logs. */
export class ProcessConfig {
  @IsString()
  @IsNotEmpty()
  HOST: string = '127.0.0.1';

  @IsIntegerBetween(1, 65535)
  PORT: number = 3000;

  @IsIn(LOG_LEVELS)
  LOG_LEVEL: LogLevel = 'log';

  /** `json` lines for a log collector (the default of every separate process); `pretty` in `npm start` and `npm run dev`. */
  @IsIn(LOG_FORMATS)
  LOG_FORMAT: LogFormat = 'json';

  /**
   * When set, /metrics answers only a request with `Authorization: Bearer <METRICS_TOKEN>` (otherwise it is open on
   * the service's own port, or, in `npm start`, to this machine only).
   */
  @IsOptional()
  @IsString()
  @MinLength(16)
  METRICS_TOKEN?: string;

  /** Per-request bus timeout: a service that does not answer in time gives BUS_TIMEOUT (504). */
  @IsIntegerBetween(50, 120000)
  BUS_TIMEOUT_MS: number = 5000;
}

/** What every separate server process reads (gateway and services); each service subclass sets its PORT default. */
export class ServerConfig extends ProcessConfig {
  @IsIn(BUS_TRANSPORTS)
  BUS_TRANSPORT: BusTransport = 'nats';

  @Matches(/^(nats|tls):\/\/[^\s,]+(,(nats|tls):\/\/[^\s,]+)*$/, {
    message: 'NATS_URL must be one or more comma-separated nats:// or tls:// URLs',
  })
  NATS_URL: string = 'nats://127.0.0.1:4222';

  /**
   * This part's NATS user (`gateway`, `auth`, `memory`, `upload` in our deployments): what it may publish and read is
   * that user's (see BUS_GRANTS), and its replies arrive under `_INBOX.<NATS_USER>`.
   */
  @IsOptional()
  @Matches(/^[A-Za-z0-9_-]+$/, { message: 'NATS_USER must be a user name of letters, digits, "-" and "_"' })
  @RequiresSetting('NATS_PASSWORD', 'NATS_CREDS')
  NATS_USER?: string;

  /** NATS's settings read it in double quotes: it may hold neither quotes nor backslashes. */
  @IsOptional()
  @Matches(/^[^"\\]+$/, { message: 'NATS_PASSWORD may hold neither double quotes nor backslashes' })
  @RequiresSetting('NATS_USER')
  @ExcludesSetting('NATS_CREDS')
  NATS_PASSWORD?: string;

  /** A NATS credentials file (a user JWT and its nkey seed), for servers that sign users in that way. */
  @IsOptional()
  @IsReadableFile()
  @RequiresSetting('NATS_USER')
  NATS_CREDS?: string;

  /** The certificate authority of the NATS server's TLS certificate (a private CA); implies TLS. */
  @IsOptional()
  @IsReadableFile()
  NATS_TLS_CA?: string;

  /** A client certificate, for a NATS server that verifies its clients (`verify: true`); implies TLS. */
  @IsOptional()
  @IsReadableFile()
  @RequiresSetting('NATS_TLS_KEY')
  NATS_TLS_CERT?: string;

  @IsOptional()
  @IsReadableFile()
  @RequiresSetting('NATS_TLS_CERT')
  NATS_TLS_KEY?: string;
}

/** A server process that owns a PostgreSQL schema. */
export class DatabaseServerConfig extends ServerConfig {
  @IsPostgresUrl()
  DATABASE_URL!: string;

  /** Connections this process's pool keeps to PostgreSQL at most (each one is a PostgreSQL process of 5-10 MB). */
  @IsIntegerBetween(1, 100)
  DATABASE_POOL_SIZE: number = DEFAULT_DATABASE_POOL_SIZE;
}
