import type { BusTransport } from '../config/server.config';
import type { InProcessBroker } from './in-process/in-process-broker';
import { natsSecurityFrom, type NatsSecurity } from './nats/nats-connection.options';

/**
 * Longest one request may wait when its send asks for more than the configured BUS_TIMEOUT_MS (a slow save): the
 * NATS client keeps a request's inbox that long, so no per-send timeout may exceed it.
 */
export const MAX_BUS_REQUEST_TIMEOUT_MS = 30_000;

/** Options of one send. */
export interface BusRequestOptions {
  /** This send's own timeout instead of BUS_TIMEOUT_MS, at most MAX_BUS_REQUEST_TIMEOUT_MS. */
  timeoutMs?: number;
}

export interface BusOptions {
  transport: BusTransport;
  natsUrl: string;
  timeoutMs: number;
  /** Connection name shown by NATS monitoring, e.g. `gateway`. */
  name: string;
  /** How the NATS transport signs in and secures its connection (none: an open local nats-server). */
  nats?: NatsSecurity;
  /** Only for the in-process transport; defaults to the process-wide broker. */
  broker?: InProcessBroker;
}

/** Reads the bus settings from any validated server config. */
export function busOptionsFrom(
  config: { BUS_TRANSPORT: BusTransport; BUS_TIMEOUT_MS: number } & Parameters<typeof natsSecurityFrom>[0],
  name: string,
  broker?: InProcessBroker,
): BusOptions {
  return {
    transport: config.BUS_TRANSPORT,
    natsUrl: config.NATS_URL,
    timeoutMs: config.BUS_TIMEOUT_MS,
    name,
    nats: natsSecurityFrom(config),
    broker,
  };
}
