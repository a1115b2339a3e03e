import 'reflect-metadata';
import { Transform, Type } from 'class-transformer';
import { IsIn, IsInt, IsNotEmpty, IsString, Matches, Max, Min } from 'class-validator';
import type { LogLevel } from '@nestjs/common';
import { LOG_LEVELS } from '../logging/log-levels';

export const BUS_TRANSPORTS = ['nats', 'in-process'] as const;
export type BusTransport = (typeof BUS_TRANSPORTS)[number];

/** What every server process reads (gateway and services); each service subclass sets its own PORT default. */
export class ServerConfig {
  @IsString()
  @IsNotEmpty()
  HOST: string = '127.0.0.1';

  @Type(() => Number)
  // class-validator checks the decorator nearest the property first: the type check comes before the range.
  @Min(1)
  @Max(65535)
  @IsInt()
  PORT: number = 3000;

  @IsIn(LOG_LEVELS)
  LOG_LEVEL: LogLevel = 'log';

  @IsIn(BUS_TRANSPORTS)
  BUS_TRANSPORT: BusTransport = 'nats';

  @Matches(/^(nats|tls):\/\/[^\s,]+(,(nats|tls):\/\/[^\s,]+)*$/, {
    message: 'NATS_URL must be one or more comma-separated nats:// or tls:// URLs',
  })
  NATS_URL: string = 'nats://127.0.0.1:4222';

  @Type(() => Number)
  @Min(50)
  @Max(120000)
  @IsInt()
  BUS_TIMEOUT_MS: number = 5000;
}

/** A server process that owns a PostgreSQL schema. */
export class DatabaseServerConfig extends ServerConfig {
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @Matches(/^postgres(ql)?:\/\/[^\s/]+\/[^\s/?]+(\?\S*)?$/, {
    message: 'DATABASE_URL must be a postgres://user:password@host:port/database URL',
  })
  DATABASE_URL!: string;
}
