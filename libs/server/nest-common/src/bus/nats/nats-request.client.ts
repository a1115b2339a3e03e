import { ClientNats, type ReadPacket, type WritePacket } from '@nestjs/microservices';
import { ErrorCode, type NatsConnection, type NatsError } from 'nats';
import { busTimeoutError, busUnavailableError, noRespondersError } from '../bus-errors';
import type { DirectRequester } from '../send-request';
import { NATS_CONNECTION_OPTIONS } from './nats-connection.options';
import { NatsReplyInbox } from './nats-reply-inbox';

interface NatsResponse {
  err?: unknown;
  response?: unknown;
  isDisposed?: boolean;
}

const JSON_ENCODER = new TextEncoder();
const JSON_DECODER = new TextDecoder();

export interface NatsRequestClientOptions {
  servers: string[];
  name: string;
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
export class NatsRequestClient extends ClientNats implements DirectRequester {
  /** Nest's packets carry an id; the answer comes back on the request's own reply subject anyway. */
  private requestCount = 0;
  private inbox?: NatsReplyInbox;
  private connected = false;
  private closed = false;
  private readonly requestTimeoutMs: number;

  constructor(options: NatsRequestClientOptions) {
    super({
      servers: options.servers,
      name: options.name,
      ...NATS_CONNECTION_OPTIONS,
    });
    this.requestTimeoutMs = options.requestTimeoutMs;
    this._status$.subscribe((status) => {
      this.connected = status === 'connected';
    });
  }

  isConnected(): boolean {
    return this.connected;
  }

  override async connect(): Promise<import('nats').NatsConnection> {
    const connection = await super.connect();
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
  async request(subject: string, data: unknown, timeoutMs: number): Promise<unknown> {
    // As in publish: while NATS is unreachable a request would be buffered and delivered long after it failed.
    if (!this.connected) throw busUnavailableError(subject, 'not connected');
    const packet = { pattern: subject, data, id: String(++this.requestCount) };
    let reply: Uint8Array;
    try {
      this.inbox ??= new NatsReplyInbox(this.unwrap<NatsConnection>());
      reply = (await this.inbox.request(subject, JSON_ENCODER.encode(JSON.stringify(packet)), timeoutMs)).data;
    } catch (error) {
      throw this.toBusError(subject, error as NatsError, timeoutMs);
    }
    const { err, response } = JSON.parse(JSON_DECODER.decode(reply)) as NatsResponse;
    if (err !== undefined && err !== null) throw err;
    // As ClientProxy's send: an answer without a value is no answer (every handler of ours answers one, null included).
    if (response === undefined) throw busUnavailableError(subject, 'the service answered nothing');
    return response;
  }

  protected override publish(partialPacket: ReadPacket, callback: (packet: WritePacket) => void): () => void {
    const packet = this.assignPacketId(partialPacket);
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
        .request(subject, serialized.data, { timeout: this.requestTimeoutMs, headers: this.mergeHeaders(serialized.headers) })
        .then(async (message) => {
          if (!active) return;
          const { err, response } = (await this.deserializer.deserialize(message.data)) as NatsResponse;
          callback(err !== undefined && err !== null ? { err, isDisposed: true } : { response, isDisposed: true });
        })
        .catch((error: NatsError) => {
          if (active) callback({ err: this.toBusError(subject, error, this.requestTimeoutMs), isDisposed: true });
        });
    } catch (error) {
      callback({ err: busUnavailableError(subject, error instanceof Error ? error.message : String(error)), isDisposed: true });
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
