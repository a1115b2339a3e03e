import { ClientNats, NatsRecord, type ReadPacket, type WritePacket } from '@nestjs/microservices';
import { ErrorCode, type NatsConnection, type NatsError } from 'nats';
import type { TraceCarrier } from '../../telemetry/trace-context';
import { busTimeoutError, busUnavailableError, noRespondersError } from '../bus-errors';
import { BusRecord } from '../bus-telemetry';
import type { DirectRequester, JsonRequester } from '../send-request';
import { explainConnectionFailure, natsConnectionOptions, type NatsSecurity } from './nats-connection.options';
import { NatsReplyInbox } from './nats-reply-inbox';
import { resultJsonOf } from './nats-reply.packet';
import { toNatsHeaders } from './nats-trace-headers';

interface NatsResponse {
  err?: unknown;
  response?: unknown;
  isDisposed?: boolean;
}

const JSON_ENCODER = new TextEncoder();
const JSON_DECODER = new TextDecoder();

/** Nest's NATS serializer sends a NatsRecord's headers as the message's headers. */
function withNatsHeaders(packet: ReadPacket): ReadPacket {
  return packet.data instanceof BusRecord
    ? { ...packet, data: new NatsRecord(packet.data.data, toNatsHeaders(packet.data.carrier)) }
    : packet;
}

export interface NatsRequestClientOptions {
  servers: string[];
  name: string;
  security?: NatsSecurity;
  /** Upper bound of one request on the wire; callers also apply their own, usually shorter, timeout. */
  requestTimeoutMs: number;
}

/**
 * Nest's NATS client publishes to a private inbox, so a request nobody listens to only ever times out. This
 * client uses the NATS request API instead, which reports "no responders" at once: a stopped service answers
 * 503 immediately instead of 504 after the timeout. The wire format stays Nest's, so Nest's NATS server answers.
 *
 * `request` is the path `sendRequest` takes: one promise per request on a reply inbox of our own (see
 * NatsReplyInbox), with the caller's timeout as the request's own. ClientProxy's `send` (kept for anything that uses
 * the client as Nest's) wraps every request in rxjs (a deferred connect, an Observable, a timeout pipe), a
 * measurable share of the gateway's CPU per request.
 */
export class NatsRequestClient extends ClientNats implements DirectRequester, JsonRequester {
  /** Nest's packets carry an id; the answer comes back on the request's own reply subject anyway. */
  private requestCount = 0;
  private inbox?: NatsReplyInbox;
  private connected = false;
  private everConnected = false;
  private closed = false;
  private readonly requestTimeoutMs: number;
  private readonly inboxPrefix?: string;
  private readonly security?: NatsSecurity;

  constructor(options: NatsRequestClientOptions) {
    const connectionOptions = natsConnectionOptions(options.security);
    super({
      servers: options.servers,
      name: options.name,
      ...connectionOptions,
    });
    this.requestTimeoutMs = options.requestTimeoutMs;
    this.inboxPrefix = connectionOptions.inboxPrefix;
    this.security = options.security;
    this._status$.subscribe((status) => {
      this.connected = status === 'connected';
      if (this.connected) this.everConnected = true;
    });
  }

  isConnected(): boolean {
    return this.connected;
  }

  override async connect(): Promise<import('nats').NatsConnection> {
    const connection = await super.connect().catch((error: unknown) => {
      throw explainConnectionFailure(error, this.security);
    });
    // Closed while the first connection was still being made: do not leave that connection open behind us.
    if (this.closed) await super.close();
    return connection;
  }

  override async close(): Promise<void> {
    this.closed = true;
    this.inbox?.close();
    await super.close();
  }

  /** Resolves with the handler's result; rejects with what travels on the bus as an error (see sendRequest). */
  async request(subject: string, data: unknown, timeoutMs: number, carrier?: TraceCarrier): Promise<unknown> {
    return this.resultOf(subject, (await this.exchange(subject, data, timeoutMs, carrier)).reply);
  }

  /**
   * The handler's result as JSON text, for a caller that only passes it on: taken out of the reply as it came when
   * the service wrote it in the layout of encodeResultReply (every handler of ours that answered a value), otherwise
   * parsed and written again.
   */
  async requestJson(subject: string, data: unknown, timeoutMs: number, carrier?: TraceCarrier): Promise<string> {
    const { reply, id } = await this.exchange(subject, data, timeoutMs, carrier);
    return resultJsonOf(reply, id) ?? JSON.stringify(this.resultOf(subject, reply));
  }

  private async exchange(
    subject: string,
    data: unknown,
    timeoutMs: number,
    carrier: TraceCarrier | undefined,
  ): Promise<{ reply: string; id: string }> {
    if (!this.connected) await this.firstConnection(timeoutMs);
    // As in publish: while NATS is unreachable a request would be buffered and delivered long after it failed.
    if (!this.connected) throw busUnavailableError(subject, 'not connected');
    const id = String(++this.requestCount);
    try {
      this.inbox ??= new NatsReplyInbox(this.unwrap<NatsConnection>(), this.inboxPrefix);
      const message = await this.inbox.request(
        subject,
        JSON_ENCODER.encode(JSON.stringify({ pattern: subject, data, id })),
        timeoutMs,
        carrier && toNatsHeaders(carrier),
      );
      return { reply: JSON_DECODER.decode(message.data), id };
    } catch (error) {
      throw this.toBusError(subject, error as NatsError, timeoutMs);
    }
  }

  /**
   * A process that has just started waits for its first connection, as ClientProxy's send does, up to the request's
   * timeout.
   */
  private async firstConnection(timeoutMs: number): Promise<void> {
    if (this.everConnected) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      this.connect().catch(() => undefined),
      new Promise((resolve) => {
        timer = setTimeout(resolve, timeoutMs);
      }),
    ]);
    clearTimeout(timer);
  }

  private resultOf(subject: string, reply: string): unknown {
    const { err, response } = JSON.parse(reply) as NatsResponse;
    if (err !== undefined && err !== null) throw err;
    // As ClientProxy's send: an answer without a value is no answer (every handler of ours answers one, null included).
    if (response === undefined) throw busUnavailableError(subject, 'the service answered nothing');
    return response;
  }

  /** An event that carries a trace context leaves with it in its NATS headers (see BusRecord). */
  protected override dispatchEvent<T = unknown>(packet: ReadPacket): Promise<T> {
    return super.dispatchEvent(withNatsHeaders(packet));
  }

  protected override publish(partialPacket: ReadPacket, callback: (packet: WritePacket) => void): () => void {
    const packet = this.assignPacketId(withNatsHeaders(partialPacket));
    const subject = this.normalizePattern(packet.pattern);
    // While NATS is unreachable the connection would buffer the request and deliver it on reconnection, long after
    // the caller was told it failed (a create answered 503 would then happen after all): fail at once instead.
    if (!this.connected) {
      callback({ err: busUnavailableError(subject, 'not connected'), isDisposed: true });
      return () => undefined;
    }
    let active = true;
    try {
      const serialized = this.serializer.serialize(packet);
      const client = this.unwrap<import('nats').NatsConnection>();
      client
        .request(subject, serialized.data, {
          timeout: this.requestTimeoutMs,
          headers: this.mergeHeaders(serialized.headers),
        })
        .then(async (message) => {
          if (!active) return;
          const { err, response } = (await this.deserializer.deserialize(message.data)) as NatsResponse;
          callback(err !== undefined && err !== null ? { err, isDisposed: true } : { response, isDisposed: true });
        })
        .catch((error: NatsError) => {
          if (active) callback({ err: this.toBusError(subject, error, this.requestTimeoutMs), isDisposed: true });
        });
    } catch (error) {
      callback({
        err: busUnavailableError(subject, error instanceof Error ? error.message : String(error)),
        isDisposed: true,
      });
    }
    return () => {
      active = false;
    };
  }

  private toBusError(subject: string, error: NatsError, timeoutMs: number) {
    switch (error.code) {
      case ErrorCode.NoResponders:
        return noRespondersError(subject);
      case ErrorCode.Timeout:
        return busTimeoutError(subject, timeoutMs);
      default:
        return busUnavailableError(subject, error.message);
    }
  }
}
