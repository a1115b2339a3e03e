import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsNotEmpty, IsOptional, IsString, MinLength, ValidateIf } from 'class-validator';
import { DatabaseServerConfig, IsIntegerBetween, validateConfig, type Environment } from '@memories/nest-common';

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

  @ValidateIf(whenS3)
  @IsString()
  @IsNotEmpty()
  S3_ENDPOINT?: string;

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
