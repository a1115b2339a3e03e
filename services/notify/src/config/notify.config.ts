import { Transform } from 'class-transformer';
import { IsString, Matches } from 'class-validator';
import { DatabaseServerConfig, IsIntegerBetween, validateConfig, type Environment } from '@memories/nest-common';

/** `host` or `host:port`, a host name, an IPv4 address or a bracketed IPv6 address. */
const ALLOWED_HOST = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(:\d{1,5})?$/i;

/** Environment of the notify service, validated at boot. */
export class NotifyConfig extends DatabaseServerConfig {
  override PORT: number = 3004;

  /**
   * Comma-separated `host[:port]` a webhook may target although it is, or resolves to, a loopback, private or
   * otherwise non-public address (a receiver on the self-hoster's own network); a host without a port allows every
   * port. Empty: only public addresses.
   */
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string'
      ? value
          .split(',')
          .map((entry) => entry.trim().toLowerCase())
          .filter((entry) => entry !== '')
      : value,
  )
  @IsString({ each: true })
  @Matches(ALLOWED_HOST, { each: true, message: 'WEBHOOK_ALLOWED_HOSTS must be a comma-separated list of host[:port]' })
  WEBHOOK_ALLOWED_HOSTS: string[] = [];

  /** The wait before a failed delivery's first retry; each next wait doubles (a day of retries by default). */
  @IsIntegerBetween(1, 3600)
  WEBHOOK_RETRY_BASE_SECONDS: number = 45;

  /** Attempts of one delivery before it counts as failed and its webhook is turned off. */
  @IsIntegerBetween(1, 20)
  WEBHOOK_MAX_ATTEMPTS: number = 12;

  /**
   * How long a `memory.updated` delivery waits for more changes of the same memory (an auto-saving editor saves every
   * few seconds): the changes within it reach the receiver as one delivery, with the memory as it is at the end.
   */
  @IsIntegerBetween(0, 3600)
  WEBHOOK_UPDATE_QUIET_SECONDS: number = 30;
}

export function loadNotifyConfig(env: Environment): NotifyConfig {
  return validateConfig(NotifyConfig, env);
}
