import { IsOptional, Matches } from 'class-validator';
import { DatabaseServerConfig, validateConfig, type Environment } from '@memories/nest-common';

/** Environment of the memory service, validated at boot. */
export class MemoryConfig extends DatabaseServerConfig {
  override PORT: number = 3002;

  /**
   * Where the app's own uploaded files live (e.g. `/api/files/`): when set, content images outside it are
   * dropped. Empty accepts any http(s) or root-relative image URL (never `data:`).
   */
  @IsOptional()
  @Matches(/^((\/|https?:\/\/)\S*)?$/, { message: 'FILE_URL_PREFIX must be a root-relative path or an http(s) URL' })
  FILE_URL_PREFIX: string = '';
}

export function loadMemoryConfig(env: Environment): MemoryConfig {
  return validateConfig(MemoryConfig, env);
}
