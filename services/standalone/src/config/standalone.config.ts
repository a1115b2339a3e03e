import { IsIn, IsNotEmpty, IsOptional, IsString } from 'class-validator';
import {
  IsIntegerBetween,
  IsPostgresUrl,
  LOG_FORMATS,
  ProcessConfig,
  type LogFormat,
  validateConfig,
  type Environment,
} from '@memories/nest-common';

/** Environment of `npm start` (the embedded mode), validated at boot. The bus is always in-process here. */
export class StandaloneConfig extends ProcessConfig {
  /** A person reads `npm start`'s output: readable lines unless a collector is set up to read JSON. */
  @IsIn(LOG_FORMATS)
  override LOG_FORMAT: LogFormat = 'pretty';

  /** Embedded PostgreSQL data in DATA_DIR/postgres, uploaded files in DATA_DIR/uploads. */
  @IsString()
  @IsNotEmpty()
  DATA_DIR: string = './.data';

  /** When set, this PostgreSQL is used instead of the embedded one. */
  @IsOptional()
  @IsPostgresUrl()
  DATABASE_URL?: string;

  @IsIntegerBetween(1, 65535)
  EMBEDDED_POSTGRES_PORT: number = 54329;

  /**
   * Connections the process keeps to PostgreSQL at most: one pool, shared by the four services and their job queues.
   * A few people's requests rarely need more than two at once, and each connection is a PostgreSQL process of
   * 10-17 MB once it has served every service (issue 39).
   */
  @IsIntegerBetween(1, 100)
  DATABASE_POOL_SIZE: number = 2;

  /** Hours between automatic backups into DATA_DIR/backups (daily by default); 0 turns them off. */
  @IsIntegerBetween(0, 8760)
  BACKUP_INTERVAL_HOURS: number = 24;

  /** How many automatic backups of each kind (daily, before an upgrade) are kept; manual ones are never removed. */
  @IsIntegerBetween(1, 1000)
  BACKUP_KEEP: number = 7;

  /** Folder holding shell/dist and remotes/<name>/dist; by default the repository of the installed workspaces. */
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  WEB_ROOT?: string;
}

export function loadStandaloneConfig(env: Environment): StandaloneConfig {
  return validateConfig(StandaloneConfig, env);
}
