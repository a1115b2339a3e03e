import { Type } from 'class-transformer';
import { IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Matches, Max, Min } from 'class-validator';
import type { LogLevel } from '@nestjs/common';
import { LOG_LEVELS, validateConfig, type Environment } from '@memories/nest-common';

/** Environment of `npm start` (the embedded mode), validated at boot. The bus is always in-process here. */
export class StandaloneConfig {
  @IsString()
  @IsNotEmpty()
  HOST: string = '127.0.0.1';

  @Type(() => Number)
  @Min(1)
  @Max(65535)
  @IsInt()
  PORT: number = 3000;

  @IsIn(LOG_LEVELS)
  LOG_LEVEL: LogLevel = 'log';

  /** Embedded PostgreSQL data in DATA_DIR/postgres, uploaded files in DATA_DIR/uploads. */
  @IsString()
  @IsNotEmpty()
  DATA_DIR: string = './.data';

  /** When set, this PostgreSQL is used instead of the embedded one. */
  @IsOptional()
  @Matches(/^postgres(ql)?:\/\/[^\s/]+\/[^\s/?]+(\?\S*)?$/, {
    message: 'DATABASE_URL must be a postgres://user:password@host:port/database URL',
  })
  DATABASE_URL?: string;

  @Type(() => Number)
  @Min(1)
  @Max(65535)
  @IsInt()
  EMBEDDED_POSTGRES_PORT: number = 54329;

  @Type(() => Number)
  @Min(50)
  @Max(120000)
  @IsInt()
  BUS_TIMEOUT_MS: number = 5000;

  /** Folder holding shell/dist and remotes/<name>/dist; by default the repository of the installed workspaces. */
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  WEB_ROOT?: string;
}

export function loadStandaloneConfig(env: Environment): StandaloneConfig {
  return validateConfig(StandaloneConfig, env);
}
