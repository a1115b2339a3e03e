import { readFileSync } from 'node:fs';
import { ErrorCode, credsAuthenticator, type ConnectionOptions, type NatsError } from 'nats';
import { busInboxPrefix } from '@memories/contracts';

/**
 * The options of every NATS connection of ours.
 *
 * Reconnection: forever (a NATS outage of any length is survived without restarting the process), one attempt a
 * second (so service resumes about a second after NATS is back), and it keeps trying from the first connection on
 * (a process may start before NATS does).
 *
 * `noAsyncTraces`: otherwise the client captures three stack traces for every request, in case it later fails (a
 * measurable share of the gateway's CPU per request). Our bus errors name the subject and the cause, which is what
 * a failed request needs; the client's call site adds nothing to that.
 */
export const NATS_CONNECTION_OPTIONS = {
  maxReconnectAttempts: -1,
  reconnectTimeWait: 1000,
  reconnectJitter: 100,
  waitOnFirstConnect: true,
  noAsyncTraces: true,
} as const;

/** How a part signs in to NATS and secures its connection (NATS_USER, NATS_PASSWORD, NATS_CREDS, NATS_TLS_*). */
export interface NatsSecurity {
  /** The part's NATS user; its replies arrive under `_INBOX.<user>`, the only inbox its permissions let it read. */
  user?: string;
  password?: string;
  /** A credentials file (user JWT and nkey seed), instead of a password. */
  credsFile?: string;
  /** TLS even without a CA or client certificate of our own (a `tls://` server URL: the system's CAs verify it). */
  tls?: boolean;
  tlsCaFile?: string;
  tlsCertFile?: string;
  tlsKeyFile?: string;
}

/** The security settings of a validated server config. */
export function natsSecurityFrom(config: {
  NATS_URL: string;
  NATS_USER?: string;
  NATS_PASSWORD?: string;
  NATS_CREDS?: string;
  NATS_TLS_CA?: string;
  NATS_TLS_CERT?: string;
  NATS_TLS_KEY?: string;
}): NatsSecurity {
  return {
    user: config.NATS_USER,
    password: config.NATS_PASSWORD,
    credsFile: config.NATS_CREDS,
    tls: config.NATS_URL.split(',').some((url) => url.trim().startsWith('tls://')),
    tlsCaFile: config.NATS_TLS_CA,
    tlsCertFile: config.NATS_TLS_CERT,
    tlsKeyFile: config.NATS_TLS_KEY,
  };
}

/**
 * The connection options for one part. TLS is asked for by a `tls://` URL or any TLS file; the client then refuses a
 * server that does not offer it rather than talking in clear.
 */
export function natsConnectionOptions(security: NatsSecurity = {}): ConnectionOptions {
  const { user, password, credsFile, tlsCaFile, tlsCertFile, tlsKeyFile } = security;
  const tls = security.tls || tlsCaFile !== undefined || tlsCertFile !== undefined;
  return {
    ...NATS_CONNECTION_OPTIONS,
    ...(user === undefined ? {} : { inboxPrefix: busInboxPrefix(user) }),
    ...(password === undefined ? {} : { user, pass: password }),
    // Read once at boot: a rotated credentials file takes effect with the next start, as every other setting does.
    ...(credsFile === undefined ? {} : { authenticator: credsAuthenticator(readFileSync(credsFile)) }),
    ...(tls
      ? {
          tls: {
            ...(tlsCaFile === undefined ? {} : { caFile: tlsCaFile }),
            ...(tlsCertFile === undefined ? {} : { certFile: tlsCertFile, keyFile: tlsKeyFile }),
          },
        }
      : {}),
  };
}

/**
 * A first connection that failed, said so that an operator knows what to change: NATS refuses a wrong or missing
 * sign-in for good (the client stops retrying), so the part cannot work until its settings are fixed.
 */
export function explainConnectionFailure(error: unknown, security: NatsSecurity = {}): unknown {
  const code = (error as Partial<NatsError> | undefined)?.code;
  if (code !== ErrorCode.AuthorizationViolation && code !== ErrorCode.AuthenticationExpired) return error;
  const who = security.user === undefined ? 'without a user (NATS_USER is not set)' : `as "${security.user}"`;
  const how = security.credsFile === undefined ? 'NATS_USER and NATS_PASSWORD' : 'NATS_USER and NATS_CREDS';
  return new Error(`NATS refused to sign this process in ${who}: check ${how} against the NATS server's users.`, {
    cause: error,
  });
}
