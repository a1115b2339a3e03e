import 'reflect-metadata';
import { applyDecorators } from '@nestjs/common';
import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsNotEmpty, IsString, Matches, Max, Min } from 'class-validator';
import type { LogLevel } from '@nestjs/common';
import { LOG_LEVELS } from '../logging/log-levels';

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
}

/** A server process that owns a PostgreSQL schema. */
export class DatabaseServerConfig extends ServerConfig {
  @IsPostgresUrl()
  DATABASE_URL!: string;
}
