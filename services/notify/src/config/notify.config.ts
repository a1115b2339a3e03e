import { Transform } from 'class-transformer';
import { IsOptional, IsString, IsUrl, Matches } from 'class-validator';
import {
  ConfigValidationError,
  IsIntegerBetween,
  MailConfig,
  validateConfig,
  type Environment,
} from '@memories/nest-common';

/** `host` or `host:port`, a host name, an IPv4 address or a bracketed IPv6 address. */
const ALLOWED_HOST = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(:\d{1,5})?$/i;

/** A VAPID key as `web-push generate-vapid-keys` prints it: unpadded base64url. */
const BASE64URL = /^[A-Za-z0-9_-]+$/;

const commaSeparated = ({ value }: { value: unknown }) =>
  typeof value === 'string'
    ? value
        .split(',')
        .map((entry) => entry.trim().toLowerCase())
        .filter((entry) => entry !== '')
    : value;

/** Environment of the notify service, validated at boot. */
export class NotifyConfig extends MailConfig {
  override PORT: number = 3004;

  /**
   * Comma-separated `host[:port]` a webhook may target although it is, or resolves to, a loopback, private or
   * otherwise non-public address (a receiver on the self-hoster's own network); a host without a port allows every
   * port. Empty: only public addresses.
   */
  @Transform(commaSeparated)
  @IsString({ each: true })
  @Matches(ALLOWED_HOST, { each: true, message: 'WEBHOOK_ALLOWED_HOSTS must be a comma-separated list of host[:port]' })
  WEBHOOK_ALLOWED_HOSTS: string[] = [];

  /** The same for Web Push endpoints (a browser's push service is public; a test's or a self-hosted one may not be). */
  @Transform(commaSeparated)
  @IsString({ each: true })
  @Matches(ALLOWED_HOST, { each: true, message: 'PUSH_ALLOWED_HOSTS must be a comma-separated list of host[:port]' })
  PUSH_ALLOWED_HOSTS: string[] = [];

  /** The origin that serves the web app: where a reminder's links point. */
  @IsUrl({ require_tld: false, protocols: ['http', 'https'], require_protocol: true })
  PUBLIC_URL: string = 'http://localhost:3000';

  /**
   * The Web Push (VAPID) key pair, unpadded base64url as `npx web-push generate-vapid-keys` prints them; `npm start`
   * and `npm run dev` make one once into DATA_DIR/keys. Unset: push reminders are kept but not sent.
   */
  @IsOptional()
  @Matches(BASE64URL, { message: 'VAPID_PUBLIC_KEY must be unpadded base64url' })
  VAPID_PUBLIC_KEY?: string;

  @IsOptional()
  @Matches(BASE64URL, { message: 'VAPID_PRIVATE_KEY must be unpadded base64url' })
  VAPID_PRIVATE_KEY?: string;

  /** Who push services may contact about this sender: a mailto: or https: URL; unset, see `vapidSubjectOf`. */
  @IsOptional()
  @Matches(/^(mailto:\S+@\S+|https:\/\/\S+)$/, { message: 'VAPID_SUBJECT must be a mailto: or https: URL' })
  VAPID_SUBJECT?: string;

  /** The wait before a failed reminder's next attempt (doubling); a reminder more than two hours late is dropped. */
  @IsIntegerBetween(1, 3600)
  REMINDER_RETRY_BASE_SECONDS: number = 60;

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
  const config = validateConfig(NotifyConfig, env);
  if (Boolean(config.VAPID_PUBLIC_KEY) !== Boolean(config.VAPID_PRIVATE_KEY)) {
    throw new ConfigValidationError(['VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: set both or neither']);
  }
  return config;
}
