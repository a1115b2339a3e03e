import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsNotEmpty, IsOptional, IsString, IsUrl, MinLength, ValidateIf } from 'class-validator';
import { DEFAULT_JWT_AUDIENCE, DEFAULT_JWT_ISSUER, MAX_STORAGE_QUOTA_MB } from '@memories/contracts';
import {
  DatabaseServerConfig,
  IsEs256KeyVariable,
  IsIntegerBetween,
  validateConfig,
  type Environment,
} from '@memories/nest-common';

export const STORAGE_DRIVERS = ['local', 's3'] as const;
export type StorageDriver = (typeof STORAGE_DRIVERS)[number];

const whenS3 = (config: UploadConfig) => config.STORAGE_DRIVER === 's3';

/** Environment of the upload service, validated at boot; the S3 settings are required only with the s3 driver. */
export class UploadConfig extends DatabaseServerConfig {
  override PORT: number = 3003;

  @IsIn(STORAGE_DRIVERS)
  STORAGE_DRIVER: StorageDriver = 'local';

  @IsString()
  @IsNotEmpty()
  STORAGE_LOCAL_DIR: string = './.data/uploads';

  /**
   * HMAC key of signed upload URLs. Optional: without it each process draws a random one at boot, which is right
   * for one process (the standalone) but not for several replicas, which must share one.
   */
  @IsOptional()
  @IsString()
  @MinLength(32)
  UPLOAD_SIGNING_SECRET?: string;

  /**
   * PEM public key of the auth service: `/api/files/*` is read with the media cookie, which holds the access token,
   * verified here exactly as the gateway verifies bearer tokens.
   */
  @IsEs256KeyVariable('public')
  AUTH_JWT_PUBLIC_KEY!: string;

  @IsString() @IsNotEmpty() AUTH_JWT_ISSUER: string = DEFAULT_JWT_ISSUER;
  @IsString() @IsNotEmpty() AUTH_JWT_AUDIENCE: string = DEFAULT_JWT_AUDIENCE;

  /** How often each replica sweeps files never referenced 24 hours after their grant (bounded batch per run). */
  @IsIntegerBetween(10, 86400)
  UPLOAD_SWEEP_INTERVAL_SECONDS: number = 900;

  /**
   * How long one chunk of an import job may run before the queue counts it as dead and runs it again (after a
   * restart, a job resumes within about twice this). A chunk works for a quarter of it, then queues the next.
   */
  @IsIntegerBetween(4, 3600)
  IMPORT_JOB_TIMEOUT_SECONDS: number = 120;

  /**
   * The storage quota of an account an admin gave none of its own, in MB of images and waiting import archives.
   * Unset: no quota.
   */
  @IsOptional()
  @IsIntegerBetween(1, MAX_STORAGE_QUOTA_MB)
  STORAGE_QUOTA_MB?: number;

  /**
   * How long this service trusts what the auth service last said of an account: a disabled account's media cookie
   * and bearer tokens stop working on the file and transfer routes within this time.
   */
  @IsIntegerBetween(1, 60)
  ACCOUNT_STATUS_CACHE_SECONDS: number = 30;

  @ValidateIf(whenS3)
  @IsString()
  @IsNotEmpty()
  S3_ENDPOINT?: string;

  /**
   * Origin browsers use to reach the bucket (e.g. `https://files.example.com`), when it is not S3_ENDPOINT as the
   * service sees it (`minio:9000` inside compose). Presigned URLs are signed for this host.
   */
  @IsOptional()
  @IsUrl({ protocols: ['http', 'https'], require_tld: false, require_protocol: true })
  S3_PUBLIC_URL?: string;

  @IsOptional()
  @IsIntegerBetween(1, 65535)
  S3_PORT?: number;

  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value))
  @IsBoolean()
  S3_USE_SSL?: boolean;

  @ValidateIf(whenS3)
  @IsString()
  @IsNotEmpty()
  S3_ACCESS_KEY?: string;

  @ValidateIf(whenS3)
  @IsString()
  @IsNotEmpty()
  S3_SECRET_KEY?: string;

  @ValidateIf(whenS3)
  @IsString()
  @IsNotEmpty()
  S3_BUCKET?: string;

  @ValidateIf(whenS3)
  @IsString()
  @IsNotEmpty()
  S3_REGION?: string;
}

export function loadUploadConfig(env: Environment): UploadConfig {
  return validateConfig(UploadConfig, env);
}
